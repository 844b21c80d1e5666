import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenIdle } from './idle-collect.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const withGc = globalThis as { gc?: unknown };
const original = withGc.gc;

describe('collecting when a burst of work ends (issue 32)', () => {
  afterEach(() => {
    withGc.gc = original;
  });

  async function server(options: Parameters<typeof collectWhenIdle>[1]) {
    let collected = 0;
    withGc.gc = () => {
      collected += 1;
    };
    const app = Fastify();
    collectWhenIdle(app, options);
    app.get('/fast', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await pause(400);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    return { app, base: `http://127.0.0.1:${address.port}`, collected: () => collected };
  }

  it('collects once the instance has had no request in flight for the idle time, never while one runs', async () => {
    const s = await server({ idleMs: 150, minGapMs: 0, growthBytes: 0 });
    try {
      await (await fetch(`${s.base}/fast`)).json();
      await pause(50);
      expect(s.collected()).toBe(0);
      await pause(250);
      expect(s.collected()).toBe(1);

      // A slow request still in flight holds the collection back, whatever finished meanwhile.
      const slow = fetch(`${s.base}/slow`).then((r) => r.json());
      await pause(20);
      await (await fetch(`${s.base}/fast`)).json();
      await pause(250);
      expect(s.collected()).toBe(1);
      await slow;
      await pause(300);
      expect(s.collected()).toBe(2);
    } finally {
      await s.app.close();
    }
  });

  it('does not collect for a quiet instance whose memory has not grown, nor twice within the gap', async () => {
    const s = await server({ idleMs: 50, minGapMs: 60_000, growthBytes: 0 });
    try {
      await (await fetch(`${s.base}/fast`)).json();
      await pause(200);
      expect(s.collected()).toBe(1);
      await (await fetch(`${s.base}/fast`)).json();
      await pause(200);
      expect(s.collected()).toBe(1);
    } finally {
      await s.app.close();
    }
    const grown = await server({ idleMs: 50, minGapMs: 0, growthBytes: 1024 ** 4 });
    try {
      await (await fetch(`${grown.base}/fast`)).json();
      await pause(200);
      expect(grown.collected()).toBe(0);
    } finally {
      await grown.app.close();
    }
  });

  it('does nothing without --expose-gc', async () => {
    withGc.gc = undefined;
    const app = Fastify();
    expect(collectWhenIdle(app).collections()).toBe(0);
    await app.close();
  });
});
