import { useEffect, useState } from 'react';

export type NameCheck = 'idle' | 'checking' | 'free' | 'taken';

/**
 * Horizon's asynchronous name checks (spec 2 §5: 'A container with that name
 * exists.', an upload's name must not exist, a copy's destination container
 * must exist): `exists` resolves true when a GET of the name answers, false
 * on a 404. Debounced, and a stale answer never overwrites a newer one.
 */
export function useNameCheck(name: string, exists: (name: string) => Promise<boolean>, delayMs = 300): NameCheck {
  const [state, setState] = useState<NameCheck>('idle');
  useEffect(() => {
    if (!name) {
      setState('idle');
      return;
    }
    let live = true;
    setState('checking');
    const timer = setTimeout(() => {
      exists(name).then(
        (found) => live && setState(found ? 'taken' : 'free'),
        () => live && setState('free'),
      );
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `exists` is recreated by callers on each render; the name decides.
  }, [name, delayMs]);
  return state;
}

/** True when a GET answers, false when it fails (a 404: the name is free). */
export async function answers(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}
