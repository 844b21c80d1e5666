import { createRequire } from 'node:module';

/** bwip-js (its encoders, a dozen MB) is loaded by the first barcode drawn, not at start (issue 61). */
const require = createRequire(import.meta.url);
let bwipjs: typeof import('bwip-js/node') | undefined;

// An EAN-13 in a PDF (issue 60): the hang tags, the delivery notes and the pick lists draw it the same way.

const MM = 72 / 25.4;
/** Bars by code, kept for the process's life within a bound (a season has a few thousand codes). */
const encoded = new Map<string, number[]>();

/** The EAN-13's bars as bwip-js encodes them (bar, space, bar… widths in modules); bwip-js refuses a wrong check digit. */
function barsOf(gtin: string): number[] {
  let bars = encoded.get(gtin);
  if (!bars) {
    bwipjs ??= require('bwip-js/node') as typeof import('bwip-js/node');
    bars = (bwipjs.raw('ean13', gtin, '') as Array<{ sbs: number[] }>)[0]!.sbs;
    if (encoded.size > 20_000) encoded.clear();
    encoded.set(gtin, bars);
  }
  return bars;
}

/**
 * The barcode as vector bars (crisp at any printer's resolution, nothing to compress), the digits under
 * them: modules of at most 0.33 mm (EAN-13's nominal size), quiet zones kept, centred in the box.
 */
export function drawEan13(doc: PDFKit.PDFDocument, gtin: string, box: { x: number; y: number; w: number; h: number }): void {
  const bars = barsOf(gtin);
  const modules = bars.reduce((sum, n) => sum + n, 0);
  const m = Math.min(box.w / (modules + 18), 0.33 * MM);
  const wide = modules * m;
  // The digits as large as the bars' width lets them be (8 pt at most).
  let digitSize = Math.min(8, box.h * 0.25);
  doc.font('sans').fontSize(digitSize);
  while (digitSize > 4 && doc.widthOfString(gtin) > wide) doc.fontSize((digitSize -= 0.5));
  const height = Math.min(box.h - digitSize * 1.2, wide * 0.7);
  const left = box.x + (box.w - wide) / 2;
  let at = left;
  doc.save().fillColor('#000000');
  bars.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(at, box.y, width * m, height).fill();
    at += width * m;
  });
  doc.text(gtin, left, box.y + height + 0.5, { width: wide, align: 'center', lineBreak: false });
  doc.restore();
}
