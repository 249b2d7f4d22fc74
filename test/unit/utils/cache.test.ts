import { describe, expect, it, vi } from 'vitest';
import { cachedOnce } from '../../../src/utils/cache';

describe('loaded once and cached', () => {
  it('shares one load between callers', async () => {
    const load = vi.fn(async () => 42);
    const cached = cachedOnce(load);
    expect(await Promise.all([cached.load(), cached.load()])).toEqual([42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('peeks at the value only once it is loaded', async () => {
    const cached = cachedOnce(async () => 'value');
    expect(cached.peek()).toBeUndefined();
    await cached.load();
    expect(cached.peek()).toBe('value');
  });

  it('loads again after reset', async () => {
    const load = vi.fn(async () => 1);
    const cached = cachedOnce(load);
    await cached.load();
    cached.reset();
    expect(cached.peek()).toBeUndefined();
    await cached.load();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a load that was reset while in flight', async () => {
    let finish: (value: string) => void = () => {};
    const cached = cachedOnce(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = cached.load();
    cached.reset();
    finish('stale');
    await first;
    expect(cached.peek()).toBeUndefined();
  });
});
