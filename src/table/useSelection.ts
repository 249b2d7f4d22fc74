import { useCallback, useMemo, useState } from 'react';

export interface Selection {
  selected: ReadonlySet<string>;
  isSelected(id: string): boolean;
  toggle(id: string): void;
  /** Checks all of `ids` unless they all are checked already, then unchecks them. */
  toggleAll(ids: string[]): void;
  clear(): void;
}

/**
 * Row selection by id (spec 1 §3: trackId). Ids that left the list are
 * dropped, so a deleted row never stays selected (spec 1 §4.1).
 */
export function useSelection(presentIds: string[]): Selection {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const present = useMemo(() => new Set(presentIds), [presentIds]);
  const selected = useMemo(() => new Set([...checked].filter((id) => present.has(id))), [checked, present]);

  const toggle = useCallback((id: string) => {
    setChecked((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const toggleAll = useCallback((ids: string[]) => {
    setChecked((previous) => {
      const allChecked = ids.length > 0 && ids.every((id) => previous.has(id));
      const next = new Set(previous);
      for (const id of ids) {
        if (allChecked) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => setChecked(new Set()), []);
  return { selected, isSelected: (id) => selected.has(id), toggle, toggleAll, clear };
}
