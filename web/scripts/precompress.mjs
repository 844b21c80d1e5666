// After `react-router build`: brotli (quality 11) and gzip (level 9) copies of the client's text
// files, made once here rather than on every request; the server sends the copy a browser accepts
// (@fastify/static preCompressed). Fonts and images are compressed formats already.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const client = path.resolve(import.meta.dirname, '../build/client');
const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|html|map)$/;
let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(client, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) continue;
  const br = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = zlib.gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
