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
  private readonly nonceLength: number;
  private readonly poolSize: number;
  readonly length: number;

  constructor(html: string | Buffer, placeholder: string, poolSize = 32) {
    this.poolSize = poolSize;
    this.template = typeof html === 'string' ? Buffer.from(html) : html;
    this.length = this.template.length;
    this.nonceLength = Buffer.byteLength(placeholder);
    for (let at = this.template.indexOf(placeholder); at !== -1; at = this.template.indexOf(placeholder, at + this.nonceLength)) this.slots.push(at);
  }

  /** The page with `nonce` in place; hand it back with `release` after the response finished. */
  take(nonce: string): Buffer {
    if (Buffer.byteLength(nonce) !== this.nonceLength) throw new Error('nonce length differs from the placeholder');
    const buffer = this.free.pop() ?? Buffer.from(this.template);
    for (const slot of this.slots) buffer.write(nonce, slot, 'latin1');
    return buffer;
  }

  release(buffer: Buffer): void {
    if (this.free.length < this.poolSize) this.free.push(buffer);
  }
}
