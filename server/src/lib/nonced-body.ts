import zlib from 'node:zlib';

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

export interface NoncedBodyOptions {
  poolSize?: number;
  budget?: PoolBudget;
}

/** Fixed bytes with places for a nonce; a response takes a copy with its nonce written in. */
class Template {
  readonly bytes: Buffer;
  readonly slots: readonly number[];
  readonly nonceLength: number;
  private readonly finish?: (buffer: Buffer, nonce: string) => void;
  private readonly free: Buffer[] = [];
  private readonly pool: { budget: PoolBudget; bytes: number };
  private readonly poolSize: number;

  constructor(
    bytes: Buffer,
    slots: readonly number[],
    nonceLength: number,
    { poolSize = 32, budget = sharedBudget }: NoncedBodyOptions,
    finish?: (buffer: Buffer, nonce: string) => void,
  ) {
    this.bytes = bytes;
    this.slots = slots;
    this.nonceLength = nonceLength;
    this.finish = finish;
    this.poolSize = poolSize;
    this.pool = { budget, bytes: 0 };
    pools.register(this, this.pool);
  }

  take(nonce: string): Buffer {
    if (Buffer.byteLength(nonce) !== this.nonceLength) throw new Error('nonce length differs from the placeholder');
    const pooled = this.free.pop();
    if (pooled) this.count(-pooled.length);
    const buffer = pooled ?? Buffer.from(this.bytes);
    for (const slot of this.slots) buffer.write(nonce, slot, 'latin1');
    this.finish?.(buffer, nonce);
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

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The gzip form of a page with nonce places: each stretch between two nonces is deflated on its
 * own (no back-reference crosses a nonce), and each nonce travels as a stored (uncompressed)
 * block of its fixed length. A response then writes its nonce into those blocks and the CRC of
 * the whole into the trailer (a few microseconds) instead of compressing the page again.
 */
function gzipTemplate(page: Template, options: NoncedBodyOptions): Template {
  const { bytes, slots, nonceLength } = page;
  const stretches: Buffer[] = [];
  let from = 0;
  for (const slot of slots) {
    stretches.push(bytes.subarray(from, slot));
    from = slot + nonceLength;
  }
  stretches.push(bytes.subarray(from));

  const parts: Buffer[] = [GZIP_HEADER];
  const nonceSlots: number[] = [];
  let length = GZIP_HEADER.length;
  const storedHeader = Buffer.from([0x00, nonceLength & 0xff, nonceLength >> 8, ~nonceLength & 0xff, (~nonceLength >> 8) & 0xff]);
  stretches.forEach((stretch, index) => {
    const last = index === stretches.length - 1;
    // A sync flush ends on a byte boundary without ending the stream: the stored block follows.
    const deflated = zlib.deflateRawSync(stretch, { finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH });
    parts.push(deflated);
    length += deflated.length;
    if (last) return;
    parts.push(storedHeader, Buffer.alloc(nonceLength));
    nonceSlots.push(length + storedHeader.length);
    length += storedHeader.length + nonceLength;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(bytes.length >>> 0, 4);
  parts.push(trailer);

  return new Template(Buffer.concat(parts), nonceSlots, nonceLength, options, (buffer, nonce) => {
    let crc = 0;
    stretches.forEach((stretch, index) => {
      crc = zlib.crc32(stretch, crc);
      if (index < stretches.length - 1) crc = zlib.crc32(nonce, crc);
    });
    buffer.writeUInt32LE(crc >>> 0, buffer.length - 8);
  });
}

/**
 * A cached page whose bytes differ per response only by the CSP nonce. The bytes are kept once
 * with a placeholder of the nonce's length; a response takes a buffer, gets its own nonce
 * written into the placeholder's places, and gives the buffer back once it has been sent. No
 * allocation, copy or encoding of the page per response: a cached page costs about what a static
 * file costs, and so does its gzip form (made on first demand, see gzipTemplate).
 */
export class NoncedBody {
  private readonly page: Template;
  private readonly options: NoncedBodyOptions;
  private gzipped?: Template;
  readonly length: number;

  constructor(html: string | Buffer, placeholder: string, options: NoncedBodyOptions = {}) {
    const bytes = typeof html === 'string' ? Buffer.from(html) : html;
    const nonceLength = Buffer.byteLength(placeholder);
    const slots: number[] = [];
    for (let at = bytes.indexOf(placeholder); at !== -1; at = bytes.indexOf(placeholder, at + nonceLength)) slots.push(at);
    this.options = options;
    this.page = new Template(bytes, slots, nonceLength, options);
    this.length = bytes.length;
  }

  /** The page with `nonce` in place; hand it back with `release` after the response finished. */
  take(nonce: string, encoding: 'identity' | 'gzip' = 'identity'): Buffer {
    return this.form(encoding).take(nonce);
  }

  release(buffer: Buffer, encoding: 'identity' | 'gzip' = 'identity'): void {
    this.form(encoding).release(buffer);
  }

  private form(encoding: 'identity' | 'gzip'): Template {
    if (encoding === 'identity') return this.page;
    return (this.gzipped ??= gzipTemplate(this.page, this.options));
  }
}
