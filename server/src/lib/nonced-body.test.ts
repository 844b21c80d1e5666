import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nextNonce } from '../app.ts';
import { NoncedBody, PoolBudget } from './nonced-body.ts';

describe('a cached page with a nonce per response', () => {
  const placeholder = nextNonce();
  const html = `<html><head><link nonce="${placeholder}"></head><body>é ✓<script nonce="${placeholder}">go()</script></body></html>`;

  it('writes each response its own nonce in every place, leaving the rest byte for byte', () => {
    const page = new NoncedBody(html, placeholder);
    const [a, b] = [nextNonce(), nextNonce()];
    const first = page.take(a);
    const second = page.take(b);
    expect(first.toString()).toBe(html.replaceAll(placeholder, a));
    expect(second.toString()).toBe(html.replaceAll(placeholder, b));
    expect(first).not.toBe(second);
  });

  it('reuses a buffer only once it is given back, and then with the new nonce', () => {
    const page = new NoncedBody(html, placeholder);
    const first = page.take(nextNonce());
    page.release(first);
    const c = nextNonce();
    const again = page.take(c);
    expect(again).toBe(first);
    expect(again.toString()).toBe(html.replaceAll(placeholder, c));
    expect(page.take(nextNonce())).not.toBe(first);
  });

  it('keeps no more pooled bytes than its limit, across pages', () => {
    const budget = new PoolBudget(Buffer.byteLength(html) * 1.5);
    const [one, two] = [new NoncedBody(html, placeholder, { budget }), new NoncedBody(html, placeholder, { budget })];
    const a = one.take(nextNonce());
    const b = two.take(nextNonce());
    one.release(a);
    two.release(b); // over the limit: left to the garbage collector
    expect(two.take(nextNonce())).not.toBe(b);
    expect(one.take(nextNonce())).toBe(a); // taken out of the pool: room again
    const c = two.take(nextNonce());
    two.release(c);
    expect(two.take(nextNonce())).toBe(c);
  });

  it('refuses a nonce of another length (it would shift the page)', () => {
    expect(() => new NoncedBody(html, placeholder).take('short')).toThrow();
  });
});

describe('the gzip form of a cached page', () => {
  const placeholder = nextNonce();
  const text = (n: number) => Array.from({ length: n }, (_, i) => `<p>Lin lavé, coton ${i} ✓</p>`).join('');
  const pages = {
    'nonces inside': `<html><head><script nonce="${placeholder}">a()</script></head><body>${text(300)}<script nonce="${placeholder}">b()</script>${text(50)}</body></html>`,
    'a nonce at each end': `${placeholder}${text(200)}${placeholder}`,
    'no nonce': text(100),
  };

  for (const [name, html] of Object.entries(pages)) {
    it(`inflates to the page with this response's nonce (${name}), CRC and length checked`, () => {
      const page = new NoncedBody(html, placeholder);
      for (let i = 0; i < 3; i += 1) {
        const nonce = nextNonce();
        const gzipped = page.take(nonce, 'gzip');
        // gunzip verifies the trailer's CRC-32 and length.
        expect(zlib.gunzipSync(gzipped).toString()).toBe(html.replaceAll(placeholder, nonce));
        page.release(gzipped, 'gzip');
      }
    });
  }

  it('is much smaller than the page', () => {
    const page = new NoncedBody(pages['nonces inside'], placeholder);
    expect(page.take(nextNonce(), 'gzip').length).toBeLessThan(page.length / 5);
  });
});
