/**
 * Bytes that pooled page buffers may hold together. Each hot page keeps as many buffers as it
 * has responses in flight (up to its pool size); past the budget, a released buffer is left to
 * the garbage collector, so many pages under many slow readers cannot hold memory without bound.
 */
export class PoolBudget {
  bytes = 0;
  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }
}

const sharedBudget = new PoolBudget(64 * 1024 * 1024);
// A page dropped from the cache gives its pooled bytes back to the budget once it is collected.
const pools = new FinalizationRegistry<{ budget: PoolBudget; bytes: number }>((pool) => (pool.budget.bytes -= pool.bytes));

/**
 * A cached page whose bytes differ per response only by the CSP nonce. The bytes are kept once
 * with a placeholder of the nonce's length; a response takes a buffer, gets its own nonce
 * written into the placeholder's places, and gives the buffer back once it has been sent. No
 * allocation, copy or encoding of the page per response: a cached page costs about what a static
 * file costs.
 */
export class NoncedBody {
  private readonly template: Buffer;
  private readonly slots: number[] = [];
  private readonly free: Buffer[] = [];
  private readonly pool: { budget: PoolBudget; bytes: number };
  private readonly nonceLength: number;
  private readonly poolSize: number;
  readonly length: number;

  constructor(html: string | Buffer, placeholder: string, { poolSize = 32, budget = sharedBudget }: { poolSize?: number; budget?: PoolBudget } = {}) {
    this.poolSize = poolSize;
    this.pool = { budget, bytes: 0 };
    pools.register(this, this.pool);
    this.template = typeof html === 'string' ? Buffer.from(html) : html;
    this.length = this.template.length;
    this.nonceLength = Buffer.byteLength(placeholder);
    for (let at = this.template.indexOf(placeholder); at !== -1; at = this.template.indexOf(placeholder, at + this.nonceLength)) this.slots.push(at);
  }

  /** The page with `nonce` in place; hand it back with `release` after the response finished. */
  take(nonce: string): Buffer {
    if (Buffer.byteLength(nonce) !== this.nonceLength) throw new Error('nonce length differs from the placeholder');
    const pooled = this.free.pop();
    if (pooled) this.count(-pooled.length);
    const buffer = pooled ?? Buffer.from(this.template);
    for (const slot of this.slots) buffer.write(nonce, slot, 'latin1');
    return buffer;
  }

  release(buffer: Buffer): void {
    const { budget } = this.pool;
    if (this.free.length >= this.poolSize || budget.bytes + buffer.length > budget.limit) return;
    this.free.push(buffer);
    this.count(buffer.length);
  }

  private count(bytes: number): void {
    this.pool.bytes += bytes;
    this.pool.budget.bytes += bytes;
  }
}
