import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnPriority, hiddenToFit, isPriorityShown } from '../../src/table/priority';

afterEach(() => vi.restoreAllMocks());

describe('column priority (spec 1 §8, §9)', () => {
  it('keeps valid priorities and defaults to 1 without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(columnPriority(undefined, 'name')).toBe(1);
    expect(columnPriority(3, 'name')).toBe(3);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([0, -1, 1.5, '2', Number.NaN])('logs a warning for priority %s and falls back to 1', (priority) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(columnPriority(priority, 'fingerprint')).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("'fingerprint'");
  });

  it('always shows priority 1 and hides higher numbers first as the window narrows', () => {
    expect(isPriorityShown(1, 320)).toBe(true);
    expect([2, 3, 4, 5].map((priority) => isPriorityShown(priority, 1300))).toEqual([true, true, true, true]);
    expect([2, 3, 4].map((priority) => isPriorityShown(priority, 1000))).toEqual([true, true, false]);
    expect([2, 3, 4].map((priority) => isPriorityShown(priority, 700))).toEqual([true, false, false]);
    expect([2, 3, 4].map((priority) => isPriorityShown(priority, 500))).toEqual([false, false, false]);
  });

  it('hides to fit the highest priority numbers first, the rightmost first among equals, never priority 1', () => {
    const columns = [
      { id: 'name', priority: 1 },
      { id: 'image', priority: 2 },
      { id: 'zone', priority: 3 },
      { id: 'key', priority: 2 },
      { id: 'status', priority: 1 },
    ];
    expect([...hiddenToFit(columns, 1)]).toEqual(['zone']);
    expect([...hiddenToFit(columns, 2)]).toEqual(['zone', 'key']);
    expect([...hiddenToFit(columns, 9)].sort()).toEqual(['image', 'key', 'zone']);
  });
});
