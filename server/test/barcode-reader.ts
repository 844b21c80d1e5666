import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BinaryBitmap, DecodeHintType, EAN13Reader, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import sharp from 'sharp';

/** A PDF page as grey pixels (poppler's pdftoppm at `dpi`): what a scanner would see of a printed sheet. */
export async function pageAsPixels(pdf: Buffer, page = 1, dpi = 200): Promise<{ data: Buffer; width: number; height: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tags-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-png',
      '-singlefile',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'page'),
    ]);
    const { data, info } = await sharp(path.join(dir, 'page.png')).greyscale().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The EAN-13 a region of the page holds, read as a barcode reader reads it (ZXing), or null. */
export function readEan13(pixels: { data: Buffer; width: number }, region: { x: number; y: number; w: number; h: number }): string | null {
  const { x, y } = { x: Math.round(region.x), y: Math.round(region.y) };
  const w = Math.round(region.w);
  const h = Math.round(region.h);
  const luminance = new Uint8ClampedArray(w * h);
  for (let row = 0; row < h; row += 1) luminance.set(pixels.data.subarray((y + row) * pixels.width + x, (y + row) * pixels.width + x + w), row * w);
  const reader = new EAN13Reader();
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, w, h))), hints).getText();
  } catch {
    return null;
  }
}
