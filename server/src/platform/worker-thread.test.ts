import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { WorkerPool, WorkerThread } from './worker-thread.ts';

const silent = pino({ level: 'silent' });
// A worker that answers `echo` with its text's bytes, fails `fail`, and dies on `die`.
const source = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, task, args }) => {
  if (task === 'die') process.exit(3);
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
});
