import Fastify from 'fastify';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenIdle } from './idle-collect.ts';
import { mallocTrim } from './malloc-trim.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const withGc = globalThis as { gc?: unknown };
const original = withGc.gc;

describe('collecting when a burst of work ends (issue 32)', () => {
  afterEach(() => {
    withGc.gc = original;
  });

  async function server(options: Parameters<typeof collectWhenIdle>[1], onCollect = () => {}) {
    let collected = 0;
    withGc.gc = () => {
      collected += 1;
      onCollect();
    };
    const app = Fastify();
    collectWhenIdle(app, { trim: null, trimDelayMs: 0, ...options });
    app.get('/fast', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await pause(400);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    /** One quick request, then a wait (for the idle time to pass, or not). */
    const request = async (thenWaitMs = 0) => {
      await (await fetch(`${base}/fast`)).json();
      await pause(thenWaitMs);
    };
    return { app, base, request, collected: () => collected };
  }

  it('collects once the instance has had no request in flight for the idle time, never while one runs', async () => {
    const s = await server({ idleMs: 150, minGapMs: 0, growthBytes: 0 });
    try {
      await s.request(50);
      expect(s.collected()).toBe(0);
      await pause(250);
      expect(s.collected()).toBe(1);

      // A slow request still in flight holds the collection back, whatever finished meanwhile.
      const slow = fetch(`${s.base}/slow`).then((r) => r.json());
      await pause(20);
      await s.request(250);
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
      await s.request(200);
      expect(s.collected()).toBe(1);
      await s.request(200);
      expect(s.collected()).toBe(1);
    } finally {
      await s.app.close();
    }
    const grown = await server({ idleMs: 50, minGapMs: 0, growthBytes: 1024 ** 4 });
    try {
      await grown.request(200);
      expect(grown.collected()).toBe(0);
    } finally {
      await grown.app.close();
    }
  });

  it('collects and trims the allocator when the resident memory alone grew (what neither V8 counter shows)', async () => {
    let trimmed = 0;
    let resident = 100 * 2 ** 20;
    const s = await server({ idleMs: 50, minGapMs: 0, growthBytes: 2 ** 40, trim: () => (trimmed += 1), resident: () => resident });
    try {
      await s.request(200);
      expect([s.collected(), trimmed]).toEqual([0, 0]);
      resident += 2 ** 41;
      await s.request(200);
      expect([s.collected(), trimmed]).toEqual([1, 1]);
    } finally {
      await s.app.close();
    }
    const again = await server({ idleMs: 50, minGapMs: 0, growthBytes: 0, trim: () => (trimmed += 1) });
    try {
      await again.request(200);
      expect([again.collected(), trimmed]).toEqual([1, 2]);
    } finally {
      await again.app.close();
    }
  });

  it('collects when the buffers a native library handed over grew, which Node does not count as its own (sharp’s renditions)', async () => {
    const MB = 2 ** 20;
    let external = 7 * MB;
    // Fails when only the heap and Node's own buffers (arrayBuffers) are watched: an upload's decoded
    // pixels and renditions stayed resident until V8's next collection, minutes later.
    const s = await server(
      { idleMs: 50, minGapMs: 0, growthBytes: 8 * MB, resident: () => 150 * MB, usage: () => ({ heapUsed: 40 * MB, arrayBuffers: 3 * MB, external }) },
      () => {
        external = 7 * MB;
      },
    );
    try {
      await s.request(200);
      expect(s.collected()).toBe(0);
      external = 29 * MB;
      await s.request(200);
      expect(s.collected()).toBe(1);
    } finally {
      await s.app.close();
    }
  });

  it('counts what a collection freed as freed once V8 has swept it: the next burst of garbage as large is collected too', async () => {
    const MB = 2 ** 20;
    let buffers = 0;
    // As V8 does: a collection's buffers are freed, and counted as freed, ~100 ms after it returns.
    const s = await server(
      {
        idleMs: 50,
        minGapMs: 0,
        growthBytes: 8 * MB,
        trimDelayMs: 150,
        resident: () => 150 * MB,
        usage: () => ({ heapUsed: 40 * MB, arrayBuffers: buffers, external: buffers + 7 * MB }),
      },
      () => {
        setTimeout(() => (buffers = 0), 100);
      },
    );
    try {
      buffers = 22 * MB; // an upload's garbage
      await s.request(400);
      expect(s.collected()).toBe(1);
      buffers = 22 * MB; // the next upload's, no larger
      await s.request(400);
      expect(s.collected()).toBe(2);
    } finally {
      await s.app.close();
    }
  });

  it('gives back what a burst of small buffers left in glibc’s heap (on glibc Linux)', async () => {
    const glibc = process.platform === 'linux' && !!(process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime;
    const trim = mallocTrim();
    expect(trim !== null).toBe(glibc);
    if (!trim) return;
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // 150 MB of 1-KB buffers, one in fifty kept: freed, their pages stay resident between the kept ones.
    const kept = ((): Buffer[] => {
      const burst: Buffer[] = [];
      for (let i = 0; i < 150_000; i++) burst.push(Buffer.allocUnsafeSlow(1000).fill(i % 251));
      return burst.filter((_, i) => i % 50 === 0);
    })();
    gc();
    await pause(100);
    const before = process.memoryUsage.rss();
    expect(trim()).toBe(true);
    const after = process.memoryUsage.rss();
    expect(kept).toHaveLength(3000);
    expect((before - after) / 2 ** 20).toBeGreaterThan(60);
  });

  it('does nothing without --expose-gc', async () => {
    withGc.gc = undefined;
    const app = Fastify();
    expect(collectWhenIdle(app).collections()).toBe(0);
    await app.close();
  });
});
