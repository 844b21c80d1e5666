import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** A small JPEG photo stand-in for upload tests, written under e2e/.tmp. */
export async function makeImage(colour: string, name: string): Promise<string> {
  const dir = path.resolve(import.meta.dirname, '.tmp/images');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.jpg`);
  await sharp({ create: { width: 800, height: 1000, channels: 3, background: colour } })
    .composite([{ input: Buffer.from(`<svg width="800" height="1000"><circle cx="400" cy="500" r="260" fill="#ffffff" fill-opacity="0.35"/></svg>`) }])
    .jpeg()
    .toFile(file);
  return file;
}
