// A 24-megapixel photograph (6000 × 4000 JPEG, about 5 MB) through the image pipeline: WebP and
// AVIF at every width, the placeholder, the media row. Prints one JSON line (read by
// bench/run.mjs) with the median and the slowest of UPLOAD_RUNS uploads, each of different bytes.
// `node bench/upload.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';

const RUNS = Number(process.env.UPLOAD_RUNS ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));

/** Grain and soft shapes, like a photograph: it compresses as one does (noise alone would not). */
async function photograph(seed: number): Promise<Buffer> {
  const [width, height] = [6000, 4000];
  const grain = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(0.8)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><radialGradient id="s" cx="0.${3 + seed}" cy="0.3" r="0.8"><stop offset="0" stop-color="#f4e4c8"/><stop offset="1" stop-color="#8c6a4a"/></radialGradient></defs>
      <rect width="100%" height="100%" fill="url(#s)"/>
      <ellipse cx="${2600 + seed * 200}" cy="2100" rx="900" ry="1500" fill="#b5573a" fill-opacity="0.85"/>
      <rect x="400" y="3200" width="5200" height="600" fill="#6b6b3f" fill-opacity="0.6"/>
    </svg>`,
  );
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

const timings: number[] = [];
let bytes = 0;
for (let i = 0; i < RUNS; i += 1) {
  const input = await photograph(i);
  bytes = input.length;
  const started = performance.now();
  await services.media.store(input);
  timings.push(performance.now() - started);
}
const written = fs.readdirSync(path.join(services.config.dataDir, 'uploads'));
timings.sort((a, b) => a - b);
const avif = written.filter((f) => f.endsWith('.avif')).length;
console.log(
  JSON.stringify({
    runs: RUNS,
    inputMb: Math.round((bytes / 1024 / 1024) * 10) / 10,
    medianMs: Math.round(timings[Math.floor(timings.length / 2)]!),
    maxMs: Math.round(timings.at(-1)!),
    avifFiles: avif,
    webpFiles: written.filter((f) => f.endsWith('.webp')).length,
  }),
);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
