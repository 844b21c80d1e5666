import { describe, expect, it } from 'vitest';
import { nextNonce } from '../app.ts';
import { NoncedBody } from './nonced-body.ts';

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

  it('refuses a nonce of another length (it would shift the page)', () => {
    expect(() => new NoncedBody(html, placeholder).take('short')).toThrow();
  });
});
