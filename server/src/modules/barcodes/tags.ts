import bwipjs from 'bwip-js/node';
import { TAG_LAYOUTS, formatPrice, fromCents, type Locale, type TagLayout } from '@atelier/contract';
import { brandPdf, PDF_COLOURS } from '../../lib/pdf.ts';

/** A piece as its hang tag says it. */
export interface TagPiece {
  title: string;
  colour: string;
  size: string;
  reference: string | null;
  /** The recommended retail price in the shop's currency (cents), or null. */
  retailCents: number | null;
  currency: string;
  gtin: string | null;
}

const MM = 72 / 25.4;

/** The EAN-13's bars as bwip-js encodes them (bar, space, bar… widths in modules), once a code. */
function barsOf(gtin: string, cache: Map<string, number[]>): number[] {
  let bars = cache.get(gtin);
  if (!bars) cache.set(gtin, (bars = (bwipjs.raw('ean13', gtin, '') as Array<{ sbs: number[] }>)[0]!.sbs));
  return bars;
}

/**
 * The barcode as vector bars (crisp at any printer's resolution, nothing to compress), the digits under
 * them: modules of at most 0.33 mm (EAN-13's nominal size), quiet zones kept, centred in the box.
 */
function drawBarcode(doc: PDFKit.PDFDocument, gtin: string, bars: number[], box: { x: number; y: number; w: number; h: number }): void {
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

/**
 * One hang tag a piece on common A4 label sheets (issue 60): the brand, the style, its colour and size,
 * the reference, the retail price in the shop's currency and the EAN-13, each inside its cell with a margin.
 */
export async function drawTags(pieces: TagPiece[], layout: TagLayout, brand: string, lang: Locale, title: string): Promise<Buffer> {
  const { columns, rows } = TAG_LAYOUTS[layout];
  const { doc, done } = await brandPdf({ margin: 0, info: { Title: title } });
  const cellW = doc.page.width / columns;
  const cellH = doc.page.height / rows;
  const pad = 3 * MM;
  const cache = new Map<string, number[]>();
  const small = layout === 'a4-40';
  for (const [i, piece] of pieces.entries()) {
    const slot = i % (columns * rows);
    if (i > 0 && slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = (slot % columns) * cellW + pad;
    const y = Math.floor(slot / columns) * cellH + pad;
    const w = cellW - 2 * pad;
    const h = cellH - 2 * pad;
    doc.save().rect(x, y, w, h).clip();
    const [brandSize, titleSize, lineSize, priceSize] = small ? [6.5, 7.5, 6.5, 9] : [8, 9, 8, 12];
    let at = y;
    const line = (font: string, size: number, text: string, width = w * 0.64) => {
      doc
        .font(font)
        .fontSize(size)
        .fillColor(PDF_COLOURS.ink)
        .text(text, x, at, { width, height: size * 1.3, lineBreak: false, ellipsis: true });
      at += size * 1.25;
    };
    doc.fillColor(PDF_COLOURS.muted);
    line('serif', brandSize, brand.toUpperCase(), w);
    const priceAt = at;
    line('sansBold', titleSize, piece.title);
    line('sans', lineSize, `${piece.colour} · ${piece.size}`);
    if (piece.reference) line('sans', lineSize, piece.reference);
    if (piece.retailCents !== null)
      doc
        .font('sansBold')
        .fontSize(priceSize)
        .fillColor(PDF_COLOURS.ink)
        .text(formatPrice(fromCents(piece.retailCents), lang, piece.currency), x + w * 0.6, priceAt, { width: w * 0.4, align: 'right', lineBreak: false });
    if (piece.gtin) {
      const top = at + 0.8 * MM;
      drawBarcode(doc, piece.gtin, barsOf(piece.gtin, cache), { x, y: top, w, h: y + h - top });
    }
    doc.restore();
  }
  if (pieces.length === 0)
    doc
      .font('sans')
      .fontSize(10)
      .text('—', 20 * MM, 20 * MM);
  doc.end();
  return done;
}
