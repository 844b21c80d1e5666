import type { FastifyInstance } from 'fastify';
import { mallocTrim } from './malloc-trim.ts';

/**
 * Memory given back when a burst of work ends (issue 32). V8 collects when its heap fills, not when the
 * instance falls quiet, so what a burst of uploads, PDFs and ZIPs left behind (their buffers live outside
 * the heap, 20 to 60 MB of them) stays resident until the next burst's collections. Once no request has
 * been in flight for `idleMs`, and the heap or the buffers have grown by `growthBytes` since the last
 * collection, one full collection runs (20 to 40 ms, with nothing waiting); at most one every `minGapMs`.
 * Then, or when the resident memory alone has grown by as much (the allocator's heap, which the
 * collection does not see), glibc's heap is trimmed (`malloc-trim.ts`): the pages freed in its middle go
 * back to the system instead of staying resident for good.
 *
 * Needs `--expose-gc` (NODE_FLAGS: npm start, the README's unit, the bench); without it, does nothing.
 */
export function collectWhenIdle(
  app: FastifyInstance,
  options: {
    idleMs?: number;
    minGapMs?: number;
    growthBytes?: number;
    trim?: (() => unknown) | null;
    trimDelayMs?: number;
    resident?: () => number;
    usage?: () => { heapUsed: number; arrayBuffers: number };
  } = {},
): { collections: () => number } {
  const { idleMs = 1000, minGapMs = 10_000, growthBytes = 8 * 2 ** 20, trimDelayMs = 250, resident = process.memoryUsage.rss, usage = process.memoryUsage } = options;
  const gc = (globalThis as { gc?: (options?: { type: 'major'; execution: 'sync' }) => void }).gc;
  let collections = 0;
  if (typeof gc !== 'function') return { collections: () => collections };
  // What the heap and the buffers outside it hold; each part's growth counts on its own (V8's own
  // collections lower the heap while an upload's buffers wait outside it: their sum would hide them).
  // Buffers are counted by `arrayBuffers`, which V8 lowers once its helper thread has freed them
  // (~250 ms after a collection); `external` keeps counting them until the *next* collection, so a
  // baseline read from it counted freed buffers as held, and the next burst's garbage, no larger,
  // could go uncollected. (The soak's ~22 MB of buffers that come and go between minutes survive a
  // full collection: they have another cause, not traced yet; see the README's "Memory".)
  const held = () => {
    const now = usage();
    return { heap: now.heapUsed, buffers: now.arrayBuffers };
  };
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  let lastAt = 0;
  let baseline = held();
  let residentBaseline = resident();
  // Looked up at the first trim, not at start (koffi stays unloaded in an instance never idle after work).
  const trim = () => (options.trim === undefined ? mallocTrim() : options.trim)?.();

  const maybeCollect = () => {
    timer = null;
    if (inFlight > 0) return;
    const wait = lastAt + minGapMs - Date.now();
    if (wait > 0) {
      timer = setTimeout(maybeCollect, wait);
      timer.unref();
      return;
    }
    const now = held();
    const heapGrew = Math.max(0, now.heap - baseline.heap) + Math.max(0, now.buffers - baseline.buffers) >= growthBytes;
    if (!heapGrew && resident() - residentBaseline < growthBytes) return;
    if (heapGrew) gc();
    // The buffers a collection frees are released a moment later (V8 sweeps them on a helper thread):
    // then the allocator is trimmed and what is held measured, for the next time to compare with.
    const settle = () => {
      trim();
      residentBaseline = resident();
      baseline = held();
    };
    if (trimDelayMs > 0) setTimeout(settle, trimDelayMs).unref();
    else settle();
    collections += 1;
    lastAt = Date.now();
  };

  app.addHook('onRequest', async (_request, reply) => {
    inFlight += 1;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    // 'close' comes once per response, answered or aborted.
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0 && !timer) {
        timer = setTimeout(maybeCollect, idleMs);
        timer.unref();
      }
    });
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
  return { collections: () => collections };
}
