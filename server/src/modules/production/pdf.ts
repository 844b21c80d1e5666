import { formatDay, formatPercent, intlLocale, type CutSheet, type Locale, type Size } from '@atelier/contract';
import { PDF_COLOURS, brandPdf, pageFooters } from '../../lib/pdf.ts';

const WORDS = {
  fr: {
    hundredPercent: '100\u202f%',
    title: 'Fiche de coupe',
    status: { submitted: 'commandes envoyées', confirmed: 'commandes confirmées', both: 'commandes envoyées et confirmées' },
    allDeliveries: 'toutes les livraisons',
    colour: 'Coloris',
    total: 'Total',
    grandTotal: (pieces: number, orders: number) => `Total de la saison : ${pieces} pièces, ${orders} commandes`,
    sizeCurve: 'Courbe de tailles',
    made: (date: string) => `Établie le ${date}`,
    empty: 'Aucune pièce à fabriquer pour ce choix.',
    oneSize: 'TU',
    page: (n: number, total: number) => `Page ${n} sur ${total}`,
  },
  en: {
    hundredPercent: '100%',
    title: 'Cut sheet',
    status: { submitted: 'submitted orders', confirmed: 'confirmed orders', both: 'submitted and confirmed orders' },
    allDeliveries: 'every delivery',
    colour: 'Colour',
    total: 'Total',
    grandTotal: (pieces: number, orders: number) => `Season total: ${pieces} pieces, ${orders} orders`,
    sizeCurve: 'Size curve',
    made: (date: string) => `Made on ${date}`,
    empty: 'No piece to make for this choice.',
    oneSize: 'OS',
    page: (n: number, total: number) => `Page ${n} of ${total}`,
  },
} as const;

const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE, band: BAND } = PDF_COLOURS;
/** A4 landscape. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;
const ROW = 18;
const COLOUR_WIDTH = 190;
const BOTTOM = PAGE.height - MARGIN - 20;

const percent = (share: number | undefined, lang: Locale) => formatPercent(share ?? 0, lang);

/**
 * The workshop's print: a header (season, delivery, which orders, date), then one table per
 * style (colours as rows, sizes as columns, totals), the size curve and the season's total.
 * Real text in the brand's embedded fonts, A4 landscape.
 */
export async function renderCutSheet(sheet: CutSheet, lang: Locale, brandName: string, today: string): Promise<Buffer> {
  const w = WORDS[lang];
  const { doc, done } = await brandPdf({
    layout: 'landscape',
    margin: MARGIN,
    lang: intlLocale(lang),
    info: { Title: `${brandName} · ${w.title} · ${sheet.season.name}`, Author: brandName, Creator: brandName, Producer: brandName },
  });

  const sizes = sheet.sizes;
  const sizeLabel = (s: Size) => (s === 'ONESIZE' ? w.oneSize : s);
  const tableWidth = PAGE.width - 2 * MARGIN;
  const cell = Math.min(64, (tableWidth - COLOUR_WIDTH) / (sizes.length + 1));

  drawCutSheetHeader(doc, sheet, lang, brandName, today);
  const table = cutTable(doc, sizes, cell);
  const { row, x } = table;
  table.y = doc.y + 14;

  if (sheet.styles.length === 0) doc.fillColor(MUTED).font('serifItalic').fontSize(14).text(w.empty, MARGIN, table.y);
  for (const style of sheet.styles) {
    const height = ROW * (style.colors.length + 3) + 24;
    if (table.y + height > BOTTOM && table.y > MARGIN + 80) {
      doc.addPage();
      table.y = MARGIN;
    }
    doc
      .fillColor(INK)
      .font('serif')
      .fontSize(15)
      .text(style.title, MARGIN, table.y, { continued: Boolean(style.reference) });
    if (style.reference) doc.fillColor(MUTED).font('sans').fontSize(9).text(`   ${style.reference}`);
    table.y = doc.y + 4;
    row(w.colour, sizes.map(sizeLabel), w.total, { bold: true, band: true });
    for (const color of style.colors)
      row(
        color.colorName,
        sizes.map((s) => color.sizes[s] ?? ''),
        color.total,
      );
    doc
      .moveTo(MARGIN, table.y - 3)
      .lineTo(x(sizes.length + 1), table.y - 3)
      .lineWidth(0.5)
      .stroke(RULE);
    row(
      w.total,
      sizes.map((s) => style.sizes[s] ?? ''),
      style.total,
      { bold: true },
    );
    doc.fillColor(MUTED).font('sans').fontSize(8);
    sizes.forEach((s, i) =>
      doc.text(style.sizes[s] ? percent(style.sizeCurve[s], lang) : '', x(i), table.y - 4, { width: cell - 6, align: 'right', lineBreak: false }),
    );
    table.y += 18;
  }

  if (sheet.styles.length) drawGrandTotals(doc, sheet, table, lang);

  pageFooters(doc, (page, count) =>
    doc
      .fillColor(MUTED)
      .font('sans')
      .fontSize(8)
      .text(w.page(page, count), MARGIN, PAGE.height - MARGIN, { width: tableWidth, align: 'right', lineBreak: false }),
  );
  doc.end();
  return done;
}

/** The brand, the sheet's title and season, and what it covers (delivery, status, the day it was made). */
function drawCutSheetHeader(doc: PDFKit.PDFDocument, sheet: CutSheet, lang: Locale, brandName: string, today: string): void {
  const w = WORDS[lang];
  doc.fillColor(ACCENT).font('sans').fontSize(9).text(brandName.toUpperCase(), MARGIN, MARGIN);
  doc
    .fillColor(INK)
    .font('serif')
    .fontSize(26)
    .text(`${w.title} · ${sheet.season.name}`, MARGIN, MARGIN + 14);
  const delivery = sheet.delivery
    ? `${sheet.delivery.name} (${formatDay(sheet.delivery.from, lang)} – ${formatDay(sheet.delivery.to, lang)})`
    : w.allDeliveries;
  doc
    .fillColor(MUTED)
    .font('sans')
    .fontSize(10)
    .text(`${sheet.season.code} · ${delivery} · ${w.status[sheet.status]} · ${w.made(formatDay(today, lang))}`);
}

/** The table's rows, drawn one under the other from `y`: a label, a value per size, a total. */
function cutTable(doc: PDFKit.PDFDocument, sizes: Size[], cell: number) {
  const x = (i: number) => MARGIN + COLOUR_WIDTH + i * cell;
  const table = {
    y: 0,
    x,
    row: (label: string, values: Array<string | number>, total: string | number, options: { bold?: boolean; band?: boolean } = {}) => {
      if (options.band) doc.rect(MARGIN, table.y - 4, COLOUR_WIDTH + (sizes.length + 1) * cell, ROW).fill(BAND);
      doc
        .fillColor(INK)
        .font(options.bold ? 'sansBold' : 'sans')
        .fontSize(10);
      doc.text(label, MARGIN + 4, table.y, { width: COLOUR_WIDTH - 8, lineBreak: false, ellipsis: true });
      values.forEach((v, i) => doc.text(String(v), x(i), table.y, { width: cell - 6, align: 'right', lineBreak: false }));
      doc.font('sansBold').text(String(total), x(sizes.length), table.y, { width: cell - 6, align: 'right', lineBreak: false });
      table.y += ROW;
    },
  };
  return table;
}

/** Under the styles: the season's totals by size, its size curve and the grand total. */
function drawGrandTotals(doc: PDFKit.PDFDocument, sheet: CutSheet, table: ReturnType<typeof cutTable>, lang: Locale): void {
  const w = WORDS[lang];
  if (table.y + ROW * 3 > BOTTOM) {
    doc.addPage();
    table.y = MARGIN;
  }
  doc
    .moveTo(MARGIN, table.y)
    .lineTo(table.x(sheet.sizes.length + 1), table.y)
    .lineWidth(1)
    .stroke(INK);
  table.y += 8;
  table.row(
    w.total,
    sheet.sizes.map((s) => sheet.sizeTotals[s] ?? ''),
    sheet.total,
    { bold: true, band: true },
  );
  table.row(
    w.sizeCurve,
    sheet.sizes.map((s) => percent(sheet.sizeCurve[s], lang)),
    w.hundredPercent,
  );
  doc
    .fillColor(INK)
    .font('serif')
    .fontSize(14)
    .text(w.grandTotal(sheet.total, sheet.orders), MARGIN, table.y + 8);
}
