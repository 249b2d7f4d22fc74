import { useEffect, useState } from 'react';

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
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? Infinity : window.innerWidth));
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}
