import type { FastifyInstance } from 'fastify';
import { mallocTrim } from './malloc-trim.ts';

/**
 * Memory given back when a burst of work ends (issue 32). V8 collects when its heap fills, not when the
 * instance falls quiet, so what a burst of uploads, PDFs and ZIPs left behind (their buffers live outside
 * the heap, 20 to 60 MB of them) stays resident until the next burst's collections. Once no request has
 * been in flight for `idleMs`, and the heap, the buffers outside it or the resident memory have grown by
 * `growthBytes` since the last collection, one full collection runs (20 to 40 ms, with nothing waiting;
 * at most one every `minGapMs`), then glibc's heap is trimmed (`malloc-trim.ts`): the pages freed in its
 * middle go back to the system instead of staying resident for good.
 *
 * Needs `--expose-gc` (NODE_FLAGS: npm start, the operator's guide's unit, the bench); without it, does nothing.
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
    usage?: () => { heapUsed: number; arrayBuffers: number; external: number };
  } = {},
): { collections: () => number } {
  const {
    idleMs = 1000,
    minGapMs = 10_000,
    growthBytes = 8 * 2 ** 20,
    trimDelayMs = 250,
    resident = process.memoryUsage.rss,
    usage = process.memoryUsage,
  } = options;
  const gc = (globalThis as { gc?: (options?: { type: 'major'; execution: 'sync' }) => void }).gc;
  let collections = 0;
  if (typeof gc !== 'function') return { collections: () => collections };
  // What the heap and the buffers outside it hold, each part's growth counted on its own (V8's own
  // collections lower the heap while an upload's buffers wait outside it: their sum would hide them).
  // - `buffers`: Node's Buffers and ArrayBuffers, which V8 counts as freed once its helper thread has
  //   swept them (~250 ms after a collection).
  // - `native`: buffers a native library made and handed over (sharp's decoded pixels and encoded
  //   renditions: `external` counts them, `arrayBuffers` does not). Left out, an upload's ~22 MB of
  //   them waited for V8's next collection, minutes later (the soak's minutes read 7 or 29 MB of
  //   external memory, 160 or 183 MB resident, by chance).
  // - the resident memory: what neither V8 counter shows (the allocator's heap; `external` lowered
  //   only at the collection after the one that freed native buffers).
  const held = () => {
    const now = usage();
    return { heap: now.heapUsed, buffers: now.arrayBuffers, native: Math.max(0, now.external - now.arrayBuffers), resident: resident() };
  };
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  let lastAt = 0;
  let baseline = held();
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
    if (!(Object.keys(now) as Array<keyof typeof now>).some((part) => now[part] - baseline[part] >= growthBytes)) return;
    gc();
    // The buffers a collection frees are released a moment later (V8 sweeps them on a helper thread):
    // then the allocator is trimmed and what is held measured, for the next time to compare with.
    const settle = () => {
      trim();
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

/**
 * One full collection and an allocator trim a few seconds after start (issue 61): starting parses and
 * compiles every module, runs the migrations and reads the fonts, and V8 keeps what that left until its
 * heap fills — an instance that gets no request for a while held ~10 MB it did not need. No-op without
 * `--expose-gc`; the timer never keeps the process alive.
 */
export function collectAfterStart(delayMs = 3000, trim: () => unknown = () => mallocTrim()?.()): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return;
  setTimeout(() => {
    gc();
    setTimeout(trim, 250).unref();
  }, delayMs).unref();
}
