import { type RefObject, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { rememberedFit, rememberFit } from './remembered-fit';

/**
 * Spec 1 §9: a valid column priority is a whole number from 1; anything else
 * logs a warning and falls back to 1 (spec 1 §8).
 *
 * @example
 * columnPriority(0, 'name'); // warns, 1
 */
export function columnPriority(priority: unknown, column: string): number {
  if (priority === undefined) return 1;
  if (typeof priority === 'number' && Number.isInteger(priority) && priority >= 1) return priority;
  console.warn(`Invalid priority ${JSON.stringify(priority)} for column '${column}'; using 1.`);
  return 1;
}

/** Window widths (MUI's sm, md, lg) below which priorities 2, 3 and 4+ are hidden. */
export const PRIORITY_BREAKPOINTS = { 2: 600, 3: 900, 4: 1200 } as const;

/**
 * Whether a column of `priority` shows at `width` px: 1 always; higher
 * numbers are hidden first as the window narrows (spec 1 §9).
 *
 * @example
 * isPriorityShown(3, 800); // false
 * isPriorityShown(2, 800); // true
 */
export function isPriorityShown(priority: number, width: number): boolean {
  if (priority <= 1) return true;
  return width >= PRIORITY_BREAKPOINTS[Math.min(priority, 4) as 2 | 3 | 4];
}

/** The window's width, following resizes. */
export function useWindowWidth(): number {
  // The server draws for the width the person last had (every column when it is not known); hydration starts from that, then takes the window's.
  return useSyncExternalStore(subscribeToResize, () => window.innerWidth, rememberedWidth);
}

function rememberedWidth(): number {
  return rememberedFit()?.width ?? Infinity;
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The columns to hide, beyond the window-width rule, so that a table fits
 * its box: the `count` with the highest priority numbers, the rightmost
 * first among equals. Priority 1 columns are never hidden.
 *
 * @example
 * hiddenToFit([{ id: 'name', priority: 1 }, { id: 'zone', priority: 2 }, { id: 'age', priority: 2 }], 1); // Set { 'age' }
 */
export function hiddenToFit(columns: readonly { id: string; priority: number }[], count: number): ReadonlySet<string> {
  const hidable = columns
    .map((column, index) => ({ ...column, index }))
    .filter((column) => column.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  return new Set(hidable.slice(0, count).map((column) => column.id));
}

/**
 * Spec 1 §9 column priority, by the room the table has: while the table is
 * wider than its box (`box`, the scrolling container), one more low-priority
 * column hides; when the box's width changes the columns are fitted afresh.
 * Returns how many columns to hide (see `hiddenToFit`). `contentKey` changes
 * when what the cells show changes (rows arrive), so the fit is checked again.
 * The fit found is remembered under `table` (`remembered-fit.ts`), where the
 * first render, the server's or the browser's, starts: the box's first
 * measurement fits it afresh.
 */
export function useFitColumns(box: RefObject<HTMLElement | null>, hidable: number, contentKey: unknown, table: string): number {
  const [hidden, setHidden] = useState(() => rememberedFit()?.hidden[table] ?? 0);
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setBoxWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  const fittedWidth = useRef(boxWidth);
  useLayoutEffect(() => {
    const element = box.current;
    if (fittedWidth.current !== boxWidth) {
      // A new width starts from every column shown; the next passes hide what does not fit.
      fittedWidth.current = boxWidth;
      setHidden(0);
      return;
    }
    if (!element) return;
    if (hidden < hidable && element.scrollWidth > element.clientWidth + 1) setHidden(hidden + 1);
    else if (boxWidth > 0) rememberFit(window.innerWidth, table, Math.min(hidden, hidable));
  }, [box, hidden, hidable, boxWidth, contentKey, table]);
  return Math.min(hidden, hidable);
}
