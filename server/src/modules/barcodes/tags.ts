import { TAG_LAYOUTS, formatPrice, fromCents, type Locale, type TagLayout } from '@atelier/contract';
import { brandPdf, PDF_COLOURS } from '../../lib/pdf.ts';
import { drawEan13 } from '../../lib/pdf-barcode.ts';

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
      drawEan13(doc, piece.gtin, { x, y: top, w, h: y + h - top });
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
