import { formatDay, intlLocale, type Brand, type Locale, type PickRow } from '@atelier/contract';
import { spreadsheetCsv } from '../../lib/csv.ts';
import { PDF_COLOURS, brandPdf, pageFooters } from '../../lib/pdf.ts';
import { drawEan13 } from '../../lib/pdf-barcode.ts';

/** The pick list's fixed words, one catalogue per language. */
const WORDS = {
  fr: {
    title: 'Liste de préparation',
    orders: (n: number, list: string) => `${n} commande(s) : ${list}`,
    pieces: (n: number) => `${n} pièce(s) à préparer`,
    columns: ['Réf.', 'Article', 'Coloris', 'Taille', 'Total', 'Commandes'],
    empty: 'Rien à préparer : aucune de ces commandes n’attend de pièce.',
    page: (n: number, total: number) => `Page ${n} sur ${total}`,
    oneSize: 'TU',
  },
  en: {
    title: 'Pick list',
    orders: (n: number, list: string) => `${n} order(s): ${list}`,
    pieces: (n: number) => `${n} piece(s) to pick`,
    columns: ['Ref.', 'Item', 'Colour', 'Size', 'Total', 'Orders'],
    empty: 'Nothing to pick: none of these orders waits for a piece.',
    page: (n: number, total: number) => `Page ${n} of ${total}`,
    oneSize: 'OS',
  },
} as const;

const MARGIN = 40;
const takers = (row: PickRow) => row.orders.map((o) => `${o.number} × ${o.quantity}`).join(', ');

/** The pick list as a spreadsheet: one row per piece, its total and the orders that take it. */
export function pickListCsv(list: { rows: PickRow[] }, lang: Locale): string {
  return spreadsheetCsv(
    WORDS[lang].columns,
    list.rows.map((r) => [r.reference ?? '', r.productTitle, r.colorName, r.size, r.total, takers(r)]),
  );
}

/** The pick list on A4 (the brand's fonts): the orders it covers, then each piece with its total and its orders. */
export async function pickListPdf(brand: Brand, list: { orders: string[]; rows: PickRow[] }, lang: Locale, day: string): Promise<Buffer> {
  const w = WORDS[lang];
  const { doc, done } = await brandPdf({ margin: MARGIN, lang: intlLocale(lang), info: { Title: `${brand.name} — ${w.title} ${day}`, Author: brand.name } });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  doc
    .font('serif')
    .fontSize(18)
    .fillColor(PDF_COLOURS.ink)
    .text(`${w.title} · ${formatDay(day, lang)}`, left, MARGIN);
  doc
    .moveDown(0.3)
    .font('sans')
    .fontSize(9)
    .fillColor(PDF_COLOURS.muted)
    .text(w.orders(list.orders.length, list.orders.join(', ')), { width });
  const total = list.rows.reduce((n, r) => n + r.total, 0);
  doc
    .moveDown(0.3)
    .font('sansBold')
    .fontSize(10)
    .fillColor(PDF_COLOURS.ink)
    .text(list.rows.length ? w.pieces(total) : w.empty, { width });
  doc.moveDown(0.8);
  const columns = [0, 0.14, 0.38, 0.54, 0.62, 0.7].map((x, i, all) => ({ x: left + x * width, w: ((all[i + 1] ?? 1) - x) * width - 4, right: i === 4 }));
  const head = () => {
    const y = doc.y;
    doc.font('sansBold').fontSize(8.5).fillColor(PDF_COLOURS.muted);
    w.columns.forEach((label, i) => doc.text(label, columns[i]!.x, y, { width: columns[i]!.w, align: columns[i]!.right ? 'right' : 'left' }));
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc.y += 5;
  };
  if (list.rows.length) head();
  for (const row of list.rows) {
    if (doc.y > doc.page.height - MARGIN - 80) {
      doc.addPage();
      head();
    }
    const y = doc.y;
    const cells = [row.reference ?? '', row.productTitle, row.colorName, row.size === 'ONESIZE' ? w.oneSize : row.size, String(row.total), takers(row)];
    let bottom = y;
    cells.forEach((text, i) => {
      doc
        .font(i === 4 ? 'sansBold' : 'sans')
        .fontSize(9)
        .fillColor(PDF_COLOURS.ink)
        .text(text, columns[i]!.x, y, { width: columns[i]!.w, align: columns[i]!.right ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
    });
    // The piece's EAN-13 under its line (issue 60): the picker scans what she takes off the shelf.
    if (row.gtin) drawEan13(doc, row.gtin, { x: left, y: bottom + 1, w: 0.38 * width, h: 24 });
    doc.y = bottom + (row.gtin ? 29 : 3);
  }
  pageFooters(doc, (n, count) => {
    doc
      .font('sans')
      .fontSize(8)
      .fillColor(PDF_COLOURS.muted)
      .text(w.page(n, count), left, doc.page.height - MARGIN + 10, { width, align: 'right', lineBreak: false });
  });
  doc.end();
  return done;
}
