import type { Logger } from 'pino';

/**
 * A loop that drains an outbox table: a run every `intervalMs`, another at once when asked (`kick`,
 * after a row was queued), never two runs at a time in one process. The rows are claimed by the
 * subclass's `drain` with a conditional update, so several processes may run the same loop.
 * The mail outbox, the webhook deliveries and the e-invoicing platform's submissions are three.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private readonly what: string;
  private readonly loopLog: Logger;
  private readonly intervalMs: number;

  constructor(what: string, log: Logger, intervalMs: number) {
    this.what = what;
    this.loopLog = log;
    this.intervalMs = intervalMs;
  }

  /** Does what is due; returns how many rows were done. */
  protected abstract drain(): Promise<number>;

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.runOnce()
        .catch((err: unknown) => this.loopLog.error({ err }, `${this.what} run failed`))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
        });
    };
    this.timer = setTimeout(tick, 50);
  }

  /** Asks for a run now (after a row was queued); the periodic run goes on. */
  kick(): void {
    if (this.stopped || !this.timer) return;
    this.runOnce().catch((err: unknown) => this.loopLog.error({ err }, `${this.what} run failed`));
  }

  /** Stops the loop and waits for a run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** Does what is due now; returns how many rows were done. */
  runOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
