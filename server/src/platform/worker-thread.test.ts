import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { WorkerPool, WorkerThread } from './worker-thread.ts';

const silent = pino({ level: 'silent' });
// A worker that answers `echo` with its text's bytes, fails `fail`, and dies on `die`.
const source = `
import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', ({ id, task, args }) => {
  if (task === 'die') process.exit(3);
  // Which thread answered, and when it started (ms since the epoch).
  if (task === 'who') return parentPort.postMessage({ id, bytes: new TextEncoder().encode(JSON.stringify({ threadId, started: performance.timeOrigin })) });
  if (task === 'fail') return parentPort.postMessage({ id, error: 'refused' });
  parentPort.postMessage({ id, bytes: new TextEncoder().encode(args[0]) });
});`;
const url = new URL(`data:text/javascript,${encodeURIComponent(source)}`);

describe('work drawn in worker threads (issue 56: the PDFs no request waits behind)', () => {
  it('answers each task, says a refusal, and a thread that dies fails its task while the next starts another', async () => {
    const thread = new WorkerThread({ url, log: silent, idleMs: 50 });
    expect((await thread.run('echo', ['facture'])).toString()).toBe('facture');
    await expect(thread.run('fail', [])).rejects.toThrow('refused');
    await expect(thread.run('die', [])).rejects.toThrow('stopped');
    expect((await thread.run('echo', ['encore'])).toString()).toBe('encore');
    await thread.close();
  });

  it('shares tasks among its threads and answers them all', async () => {
    const pool = new WorkerPool({ url, log: silent, idleMs: 50, size: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => pool.run('echo', [`n${i}`])));
    expect(answers.map((b) => b.toString())).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5']);
    await pool.close();
  });

  const who = async (pool: WorkerPool) => JSON.parse((await pool.run('who', [])).toString()) as { threadId: number; started: number };

  it('keeps to one warm thread while it has less than two tasks waiting, and starts the second for more', async () => {
    const pool = new WorkerPool({ url, log: silent, idleMs: 1000, size: 2 });
    const pair = await Promise.all([who(pool), who(pool)]);
    expect(pair[1].threadId).toBe(pair[0].threadId);
    const many = await Promise.all(Array.from({ length: 6 }, () => who(pool)));
    expect(new Set(many.map((answer) => answer.threadId)).size).toBe(2);
    await pool.close();
  });

  it('starts a thread ahead of the work it is warned of, and ends it when none comes', async () => {
    const pool = new WorkerPool({ url, log: silent, idleMs: 200, size: 2 });
    pool.warm();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const asked = Date.now();
    const first = await who(pool);
    expect(first.started).toBeLessThan(asked - 50);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await who(pool)).threadId).not.toBe(first.threadId);
    await pool.close();
  });
});
