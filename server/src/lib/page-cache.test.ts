import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

/** Renders "key@version" after `delay` ms; the version is the content's, changed by the test. */
function site(delay = 5) {
  const state = { version: 1, renders: [] as string[], fail: false };
  const cache = new PageCache<{ status: number; body: string }>({
    ttlMs: 60_000,
    maxEntries: 3,
    refreshLimit: 2,
    keep: (page) => page.status < 500,
    render: async (key) => {
      state.renders.push(key);
      const version = state.version;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (state.fail) throw new Error('render failed');
      return { status: key.includes('broken') ? 500 : 200, body: `${key}@${version}` };
    },
  });
  return { cache, state };
}

describe('page cache (stale while revalidate)', () => {
  it('renders a page once, then serves it without rendering', async () => {
    const { cache, state } = site();
    const [a, b] = await Promise.all([cache.get('fr|/'), cache.get('fr|/')]);
    expect(a.body).toBe('fr|/@1');
    expect(b).toBe(a);
    await cache.get('fr|/');
    expect(state.renders).toEqual(['fr|/']);
    expect(cache.stats).toMatchObject({ miss: 2, hit: 1, stale: 0 });
  });

  it('after a change, visitors get the previous page at once while the most visited pages render again in the background', async () => {
    const { cache, state } = site(30);
    for (const key of ['fr|/', 'en|/', 'fr|/story']) await cache.get(key);
    // Asked for more often: the two homes (the story was asked for last, but once).
    for (let i = 0; i < 3; i += 1) for (const key of ['fr|/', 'en|/']) await cache.get(key);
    await cache.get('fr|/story');
    state.version = 2;
    state.renders.length = 0;
    cache.invalidate();
    // Served now, without waiting 30 ms for a render.
    const started = Date.now();
    expect((await cache.get('fr|/')).body).toBe('fr|/@1');
    expect(Date.now() - started).toBeLessThan(20);
    await cache.settled();
    // The two most asked for were rendered ahead of visitors, once each.
    expect(state.renders.sort()).toEqual(['en|/', 'fr|/']);
    expect((await cache.get('fr|/')).body).toBe('fr|/@2');
    expect((await cache.get('en|/')).body).toBe('en|/@2');
    // The third was not: its next visitor gets the old page once and starts its render.
    expect((await cache.get('fr|/story')).body).toBe('fr|/story@1');
    await cache.settled();
    expect((await cache.get('fr|/story')).body).toBe('fr|/story@2');
  });

  it('a render that started before a change is kept but stays stale, so the change is never lost', async () => {
    const { cache, state } = site(30);
    await cache.get('fr|/');
    cache.invalidate(); // version still 1: the background render reads the old content…
    state.version = 2; // …and the content changes again while it runs
    cache.invalidate();
    await cache.settled();
    await cache.get('fr|/');
    await cache.settled();
    expect((await cache.get('fr|/')).body).toBe('fr|/@2');
  });

  it('keeps no server error and no failed render; a page that fails in the background keeps being served', async () => {
    const { cache, state } = site();
    expect((await cache.get('fr|/broken')).status).toBe(500);
    await cache.get('fr|/broken');
    expect(state.renders.filter((k) => k === 'fr|/broken')).toHaveLength(2);
    await cache.get('fr|/');
    state.fail = true;
    cache.invalidate();
    await cache.settled();
    expect((await cache.get('fr|/')).body).toBe('fr|/@1');
    await expect(cache.get('fr|/new')).rejects.toThrow('render failed');
  });

  it('the browser that just wrote gets a page rendered after its write; other visitors get the previous one meanwhile', async () => {
    const { cache, state } = site(20);
    await cache.get('fr|/');
    await new Promise((resolve) => setTimeout(resolve, 5));
    state.version = 2;
    const wroteAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2));
    cache.invalidate();
    const [visitor, writer] = await Promise.all([cache.get('fr|/'), cache.get('fr|/', wroteAt)]);
    expect(visitor.body).toBe('fr|/@1');
    expect(writer.body).toBe('fr|/@2');
    // Once a render after the write is kept, the writer is served from the cache like anyone.
    await cache.settled();
    const renders = state.renders.length;
    expect((await cache.get('fr|/', wroteAt)).body).toBe('fr|/@2');
    expect(state.renders).toHaveLength(renders);
    // On an instance the change message has not reached yet, the writer still gets a fresh render.
    const other = site(5);
    await other.cache.get('fr|/');
    other.state.version = 3;
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await other.cache.get('fr|/', Date.now() - 1)).body).toBe('fr|/@3');
    expect((await other.cache.get('fr|/')).body).toBe('fr|/@3');
  });

  it('a change leaves alone what no content affects', async () => {
    const cache = new PageCache<string>({
      ttlMs: 60_000,
      maxEntries: 10,
      refreshLimit: 10,
      keep: () => true,
      render: async (key) => `${key}@${renders++}`,
      unaffected: (key) => key.startsWith('fr|/__manifest'),
    });
    let renders = 0;
    await cache.get('fr|/__manifest?paths=/a');
    await cache.get('fr|/');
    cache.invalidate();
    await cache.settled();
    expect(renders).toBe(3); // the page again, not the manifest
    expect(await cache.get('fr|/__manifest?paths=/a')).toBe('fr|/__manifest?paths=/a@0');
    expect(cache.stats.hit).toBe(1);
  });

  it('a flood of one-off URLs pushes out the least recently used page, not the ones in use', async () => {
    const { cache, state } = site();
    await cache.get('fr|/');
    for (let i = 0; i < 5; i += 1) {
      await cache.get(`fr|/x${i}`);
      await cache.get('fr|/');
    }
    expect(cache.size).toBe(3);
    expect(state.renders.filter((k) => k === 'fr|/')).toHaveLength(1);
  });
});
