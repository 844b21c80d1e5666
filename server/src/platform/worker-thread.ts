import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

interface Pending {
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

/**
 * One worker thread for CPU work that would otherwise stop every request of the process (drawing a PDF
 * takes 50-150 ms of the one JavaScript thread): started by the first task, ended after `idleMs` without
 * one (its ~15 MB are not kept at rest). Its module answers `{ id, task, args }` with `{ id, bytes }` or
 * `{ id, error }`. A thread that dies fails its tasks (their callers try again: a listener's run is retried)
 * and the next task starts another.
 */
export class WorkerThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private idle: NodeJS.Timeout | null = null;

  private readonly deps: { url: URL; log: Logger; idleMs: number };

  constructor(deps: { url: URL; log: Logger; idleMs: number }) {
    this.deps = deps;
  }

  /** The tasks it has not answered yet. */
  get load(): number {
    return this.pending.size;
  }

  /** Started (or starting) and not ended. */
  get running(): boolean {
    return this.worker !== null;
  }

  run(task: string, args: unknown[]): Promise<Buffer> {
    const worker = this.started();
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const id = (this.next += 1);
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, task, args });
    });
  }

  /**
   * Work is coming soon: the thread starts now (its module prepares what it draws with), so the first task
   * does not wait for it; it ends after `idleMs` if none comes.
   */
  warm(): void {
    this.started();
    if (this.pending.size === 0) this.rest();
  }

  /** Ends the thread now (the process stops). */
  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.deps.url);
    worker.unref();
    worker.on('message', (answer: { id: number; bytes?: Uint8Array; error?: string }) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.error !== undefined || !answer.bytes) waiting?.reject(new Error(answer.error ?? 'no answer'));
      else waiting?.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      if (this.pending.size === 0) this.rest();
    });
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`the worker thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Nothing to do for a while: the thread ends, its memory with it. */
  private rest() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.close(), this.deps.idleMs);
    this.idle.unref();
  }

  private lost(worker: Worker, error: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.pending.size) this.deps.log.warn({ event: 'worker_thread_lost', err: error, tasks: this.pending.size }, 'a worker thread stopped');
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** Tasks waiting on every running thread before another starts. */
const BACKLOG = 2;

/**
 * Several worker threads (`size`, one per core the process may use). A task goes to the least busy running
 * thread; another thread starts only when every running one already has `BACKLOG` tasks waiting: a thread's
 * start (~0.2 s, then its first drawing's ~0.3 s) costs more than waiting behind one drawing, and each thread
 * keeps ~20 MB while it lives (a parcel's invoice and its delivery note, asked at once, share the warm thread).
 */
export class WorkerPool {
  private readonly threads: WorkerThread[];

  constructor(deps: { url: URL; log: Logger; idleMs: number; size: number }) {
    this.threads = Array.from({ length: Math.max(1, deps.size) }, () => new WorkerThread(deps));
  }

  run(task: string, args: unknown[]): Promise<Buffer> {
    const byLoad = (a: WorkerThread, b: WorkerThread) => a.load - b.load;
    const running = this.threads.filter((thread) => thread.running).sort(byLoad)[0];
    const resting = this.threads.find((thread) => !thread.running);
    const thread = running && (running.load < BACKLOG || !resting) ? running : (resting ?? running!);
    return thread.run(task, args);
  }

  /** Work is coming soon: the first thread starts (the others start when it is busy). */
  warm(): void {
    this.threads[0]!.warm();
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}
