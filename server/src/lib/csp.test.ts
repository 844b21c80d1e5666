import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './csp.ts';
import { EncodedBody } from './encodings.ts';

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('a page the same for everyone', () => {
  it('names each inline script that runs by its hash, once, and leaves files and data blocks out', () => {
    const html =
      '<head><script>window.a = 1;</script><script type="application/ld+json">{"@type":"Organization"}</script></head>' +
      '<body><script type="module" async="">import("/assets/x.js");</script><script src="/assets/y.js"></script>' +
      '<script>window.a = 1;</script><script type="application/json">{"x":1}</script><script>é</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = 1;'), sha('import("/assets/x.js");'), sha('é')]);
  });

  it('sends the same bytes every time, each encoding made once', () => {
    const html = Buffer.from(`<!doctype html><p>${'Lin lavé, coupes amples. '.repeat(400)}</p>`);
    const body = new EncodedBody(html);
    expect(body.body).toBe(html);
    const gz = body.encoded('gzip');
    expect(body.encoded('gzip')).toBe(gz);
    expect(zlib.gunzipSync(gz).equals(html)).toBe(true);
    const br = body.encoded('br');
    expect(zlib.brotliDecompressSync(br).equals(html)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(html.length / 10);
  });
});
