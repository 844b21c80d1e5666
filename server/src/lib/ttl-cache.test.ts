import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

afterEach(() => vi.useRealTimers());

describe('the in-process cache of pages and public reads', () => {
  it('loads once for concurrent callers and keeps the value for its lifetime only', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string>(1000);
    const load = vi.fn(async () => `v${load.mock.calls.length}`);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b]).toEqual(['v1', 'v1']);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', load)).toBe('v1');
    vi.advanceTimersByTime(2);
    expect(await cache.get('k', load)).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when full, lets the oldest entry go, not the whole cache (one-off keys cannot flush the pages in use)', async () => {
    const cache = new TtlCache<string>(60_000, 3);
    const load = vi.fn(async () => 'page');
    await cache.get('home', load);
    await cache.get('story', load);
    for (let i = 0; i < 5; i += 1) await cache.get(`one-off-${i}`, load);
    expect(load).toHaveBeenCalledTimes(7);
    await cache.get('one-off-4', load);
    await cache.get('one-off-3', load);
    expect(load).toHaveBeenCalledTimes(7);
    await cache.get('home', load);
    expect(load).toHaveBeenCalledTimes(8);
  });

  it('keeps no failure, and no value loaded across a clear (an admin write)', async () => {
    const cache = new TtlCache<string>(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');

    let finish: (value: string) => void = () => undefined;
    const slow = cache.get('p', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('before the write');
    expect(await slow).toBe('before the write');
    expect(await cache.get('p', async () => 'after the write')).toBe('after the write');
  });
});
