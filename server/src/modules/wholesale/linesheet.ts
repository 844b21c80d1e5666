import { formatDay, formatPrice, intlLocale, type Brand, type Locale, type Size, type Terms } from '@atelier/contract';
import { PDF_COLOURS, brandPdf, pageFooters } from '../../lib/pdf.ts';

/** One style of the line sheet, texts already in the sheet's language. */
export interface SheetProduct {
  title: string;
  reference: string | null;
  mantra: string | null;
  /** JPEG bytes ready for print, or null (a plain panel in the first colour is drawn). */
  image: Buffer | null;
  variants: Array<{ colorName: string; colorCode: string | null; sizes: Size[]; price: number; retailPrice: number | null; inStock?: Size[] }>;
  /** The currency of its prices (a shop buying in another, issue 47); absent: the euro. */
  currency?: string;
}

export interface SheetInput {
  lang: Locale;
  brand: Brand;
  terms: Terms;
  retailerName: string | null;
  coverImage: Buffer | null;
  products: SheetProduct[];
  /** The currency of the prices and minimums (a shop buying in another, issue 47); absent: the euro. */
  currency?: string;
  /** The season's order window and delivery windows, when the site has seasons. */
  season?: { ordersOpen: string; ordersClose: string | null; deliveries: Array<{ name: string; from: string; to: string }> };
}

const WORDS = {
  fr: {
    colon: '\u00a0: ',
    title: 'Catalogue revendeur',
    validUntil: (d: string) => `Valable jusqu’au ${d}`,
    preparedFor: (shop: string) => `Préparé pour ${shop}`,
    pricesNote: 'Prix revendeur hors taxes · prix de vente conseillés TTC',
    orders: 'Commandes',
    reference: 'Réf.',
    colour: 'Coloris',
    sizes: 'Tailles',
    trade: 'Revendeur HT',
    retail: 'Conseillé TTC',
    noRetail: '—',
    oneSize: 'Taille unique',
    termsTitle: 'Conditions de vente',
    stockNote: '* en stock, expédié tout de suite ; les autres tailles en pré-commande',
    orderWindow: 'Pré-commandes',
    window: (from: string, to: string | null) => (to ? `du ${from} au ${to}` : `à partir du ${from}`),
    deliveries: 'Livraisons',
    season: 'Saison',
    validity: 'Validité',
    openingMinimum: 'Minimum de première commande',
    reorderMinimum: 'Minimum de réassort',
    noMinimum: 'Aucun',
    payment: 'Paiement',
    delivery: 'Livraison',
    shipping: 'Expédition et retours',
    contact: 'Contact commandes',
    notSet: 'À préciser avec nous',
    noSeason: 'Collection en cours',
    page: (n: number, total: number) => `Page ${n} sur ${total}`,
    empty: 'La collection est en cours de préparation.',
  },
  en: {
    colon: ': ',
    title: 'Line sheet',
    validUntil: (d: string) => `Valid until ${d}`,
    preparedFor: (shop: string) => `Prepared for ${shop}`,
    pricesNote: 'Trade prices excl. VAT · recommended retail prices incl. VAT',
    orders: 'Orders',
    reference: 'Ref.',
    colour: 'Colour',
    sizes: 'Sizes',
    trade: 'Trade excl. VAT',
    retail: 'RRP incl. VAT',
    noRetail: '—',
    oneSize: 'One size',
    termsTitle: 'Terms of trade',
    stockNote: '* in stock, shipped now; other sizes on pre-order',
    orderWindow: 'Pre-orders',
    window: (from: string, to: string | null) => (to ? `${from} to ${to}` : `from ${from}`),
    deliveries: 'Deliveries',
    season: 'Season',
    validity: 'Valid until',
    openingMinimum: 'Opening order minimum',
    reorderMinimum: 'Reorder minimum',
    noMinimum: 'None',
    payment: 'Payment',
    delivery: 'Delivery',
    shipping: 'Shipping and returns',
    contact: 'Orders contact',
    notSet: 'To be agreed with us',
    noSeason: 'Current collection',
    page: (n: number, total: number) => `Page ${n} of ${total}`,
    empty: 'The collection is being prepared.',
  },
} as const;

const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE } = PDF_COLOURS;
const SAND = '#efe6d6';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const FOOTER = 28;
const CONTENT_BOTTOM = PAGE.height - MARGIN - FOOTER;
const IMAGE = { width: 150, height: 188 };
const TEXT_X = MARGIN + IMAGE.width + 22;
const TEXT_WIDTH = PAGE.width - MARGIN - TEXT_X;
const ROW = 17;
/** Table columns inside the text column: colour, sizes, trade, retail (right-aligned prices). */
const COLS = { colour: 0, sizes: 102, sizesWidth: 102, trade: 204, tradeWidth: 60, retail: 266, retailWidth: TEXT_WIDTH - 266 };

function sizeRun(sizes: readonly Size[], lang: Locale, inStock: readonly Size[] = []): string {
  return sizes.map((s) => `${s === 'ONESIZE' ? WORDS[lang].oneSize : s}${inStock.includes(s) ? '*' : ''}`).join(' · ');
}

function minimum(amount: number, lang: Locale, currency?: string): string {
  return amount > 0 ? formatPrice(amount, lang, currency) : WORDS[lang].noMinimum;
}

/**
 * The season's line sheet: a cover, one block per style (image, title, reference, mantra,
 * each colour with its swatch, size run, trade price and recommended retail price), the terms
 * of trade, and page numbers. Every word is real text in the brand's embedded fonts.
 */
export async function renderLineSheet(input: SheetInput): Promise<Buffer> {
  const { lang, brand, terms, products } = input;
  const w = WORDS[lang];
  const season = terms.seasonName || w.noSeason;
  const { doc, done: result } = await brandPdf({
    margin: MARGIN,
    autoFirstPage: true,
    lang: intlLocale(lang),
    info: { Title: `${brand.name} · ${w.title} · ${season}`, Author: brand.name, Subject: w.title, Creator: brand.name, Producer: brand.name },
  });

  drawCover(doc, input, season);

  // Styles, as many blocks as fit on each page.
  doc.addPage();
  let y = MARGIN;
  if (products.length === 0) doc.fillColor(MUTED).font('serifItalic').fontSize(16).text(w.empty, MARGIN, y);
  for (const product of products) {
    const textHeight = blockTextHeight(doc, product);
    const height = Math.max(IMAGE.height, textHeight);
    if (y + height > CONTENT_BOTTOM && y > MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    drawProduct(doc, product, y, lang);
    y += height + 26;
    if (y < CONTENT_BOTTOM) {
      doc
        .moveTo(MARGIN, y - 13)
        .lineTo(PAGE.width - MARGIN, y - 13)
        .lineWidth(0.5)
        .stroke(RULE);
    }
  }

  drawTerms(doc, input, season);

  // Page numbers and running title on every page after the cover (written at the end, when
  // the count is known; the bottom margin is lifted so the footer line does not add a page).
  const footerY = PAGE.height - MARGIN + 6;
  pageFooters(
    doc,
    (page, count) => {
      doc.fillColor(MUTED).font('sans').fontSize(8);
      doc.text(`${brand.name} · ${season}`, MARGIN, footerY, { width: 300, lineBreak: false });
      doc.text(w.page(page, count), PAGE.width - MARGIN - 150, footerY, { width: 150, align: 'right', lineBreak: false });
    },
    1,
  );
  doc.end();
  return result;
}

function blockTextHeight(doc: PDFKit.PDFDocument, product: SheetProduct): number {
  let height = doc.font('serif').fontSize(20).heightOfString(product.title, { width: TEXT_WIDTH }) + 4;
  if (product.reference) height += 14;
  if (product.mantra) height += doc.font('serifItalic').fontSize(12).heightOfString(product.mantra, { width: TEXT_WIDTH }) + 6;
  return height + 14 + ROW * (product.variants.length + 1);
}

function drawProduct(doc: PDFKit.PDFDocument, product: SheetProduct, top: number, lang: Locale): void {
  const w = WORDS[lang];
  if (product.image) {
    doc.rect(MARGIN, top, IMAGE.width, IMAGE.height).fill(SAND);
    doc.image(product.image, MARGIN, top, { fit: [IMAGE.width, IMAGE.height], align: 'center', valign: 'center' });
  } else {
    doc.rect(MARGIN, top, IMAGE.width, IMAGE.height).fill(product.variants[0]?.colorCode ?? SAND);
  }
  doc
    .fillColor(INK)
    .font('serif')
    .fontSize(20)
    .text(product.title, TEXT_X, top - 3, { width: TEXT_WIDTH });
  doc.moveDown(0.1);
  if (product.reference) {
    doc.fillColor(MUTED).font('sans').fontSize(8.5).text(`${w.reference} ${product.reference}`, TEXT_X, doc.y);
    doc.moveDown(0.3);
  }
  if (product.mantra) {
    doc.fillColor(INK).font('serifItalic').fontSize(12).text(product.mantra, TEXT_X, doc.y, { width: TEXT_WIDTH });
  }
  let y = doc.y + 10;
  doc.fillColor(MUTED).font('sans').fontSize(7.5);
  doc.text(w.colour.toUpperCase(), TEXT_X + COLS.colour, y, { lineBreak: false });
  doc.text(w.sizes.toUpperCase(), TEXT_X + COLS.sizes, y, { lineBreak: false });
  doc.text(w.trade.toUpperCase(), TEXT_X + COLS.trade, y, { width: COLS.tradeWidth, align: 'right', lineBreak: false });
  doc.text(w.retail.toUpperCase(), TEXT_X + COLS.retail, y, { width: COLS.retailWidth, align: 'right', lineBreak: false });
  y += 12;
  doc
    .moveTo(TEXT_X, y - 2)
    .lineTo(TEXT_X + TEXT_WIDTH, y - 2)
    .lineWidth(0.4)
    .stroke(RULE);
  for (const variant of product.variants) {
    y += 3;
    if (variant.colorCode) {
      doc.circle(TEXT_X + 5, y + 5, 4.5).fill(variant.colorCode);
      doc
        .circle(TEXT_X + 5, y + 5, 4.5)
        .lineWidth(0.4)
        .stroke(RULE);
    }
    doc.fillColor(INK).font('sans').fontSize(9.5);
    doc.text(variant.colorName, TEXT_X + 14, y, { width: COLS.sizes - 18, lineBreak: false, ellipsis: true });
    doc.fontSize(9).text(sizeRun(variant.sizes, lang, variant.inStock), TEXT_X + COLS.sizes, y + 0.5, { width: COLS.sizesWidth, lineBreak: false });
    doc.fontSize(9.5);
    doc
      .font('sansBold')
      .text(formatPrice(variant.price, lang, product.currency), TEXT_X + COLS.trade, y, { width: COLS.tradeWidth, align: 'right', lineBreak: false });
    doc.font('sans').text(variant.retailPrice === null ? w.noRetail : formatPrice(variant.retailPrice, lang, product.currency), TEXT_X + COLS.retail, y, {
      width: COLS.retailWidth,
      align: 'right',
      lineBreak: false,
    });
    y += ROW - 3;
  }
}

/** The cover: the brand, the title, the season, its validity, who it was made for, the cover image and the ordering contact. */
function drawCover(doc: PDFKit.PDFDocument, input: SheetInput, season: string): void {
  const { lang, brand, terms } = input;
  const w = WORDS[lang];
  doc.rect(0, 0, PAGE.width, PAGE.height).fill('#f7f2ea');
  doc
    .fillColor(ACCENT)
    .font('sans')
    .fontSize(10)
    .text(brand.name.toUpperCase(), MARGIN, MARGIN + 8);
  doc
    .fillColor(INK)
    .font('serif')
    .fontSize(46)
    .text(w.title, MARGIN, MARGIN + 60, { width: PAGE.width - 2 * MARGIN });
  doc
    .font('serifItalic')
    .fontSize(26)
    .text(season, { width: PAGE.width - 2 * MARGIN });
  doc.moveDown(0.6);
  doc.font('sans').fontSize(11).fillColor(MUTED);
  if (terms.validUntil) doc.text(w.validUntil(formatDay(terms.validUntil, lang)));
  if (input.retailerName) doc.fillColor(INK).text(w.preparedFor(input.retailerName));
  const coverTop = doc.y + 28;
  const coverBottom = PAGE.height - MARGIN - 90;
  if (input.coverImage && coverBottom - coverTop > 160) {
    doc.image(input.coverImage, MARGIN, coverTop, { fit: [PAGE.width - 2 * MARGIN, coverBottom - coverTop], align: 'center', valign: 'center' });
  }
  doc
    .moveTo(MARGIN, PAGE.height - MARGIN - 70)
    .lineTo(PAGE.width - MARGIN, PAGE.height - MARGIN - 70)
    .lineWidth(0.5)
    .stroke(RULE);
  doc.fillColor(MUTED).font('sans').fontSize(9);
  doc.text(input.season ? `${w.pricesNote} · ${w.stockNote}` : w.pricesNote, MARGIN, PAGE.height - MARGIN - 58, { width: PAGE.width - 2 * MARGIN });
  doc.text(`${w.orders}${w.colon}${terms.orderEmail || brand.email}`);
  doc.text(`${brand.legalEntity} · ${brand.address}`);
  doc.text(brand.publicUrl);
}

/** The terms of trade: the season's windows and deliveries, the minimums, payment, delivery, shipping and contact. */
function drawTerms(doc: PDFKit.PDFDocument, input: SheetInput, season: string): void {
  const { lang, brand, terms } = input;
  const w = WORDS[lang];
  doc.addPage();
  doc.fillColor(INK).font('serif').fontSize(30).text(w.termsTitle, MARGIN, MARGIN);
  doc.moveDown(0.8);
  const rows: Array<[string, string]> = [
    [w.season, season],
    ...(input.season
      ? ([
          [w.orderWindow, w.window(formatDay(input.season.ordersOpen, lang), input.season.ordersClose ? formatDay(input.season.ordersClose, lang) : null)],
          [w.deliveries, input.season.deliveries.map((d) => `${d.name}${w.colon}${w.window(formatDay(d.from, lang), formatDay(d.to, lang))}`).join('\n')],
        ] as Array<[string, string]>)
      : []),
    [w.validity, terms.validUntil ? formatDay(terms.validUntil, lang) : w.notSet],
    [w.openingMinimum, minimum(terms.openingMinimum, lang, input.currency)],
    [w.reorderMinimum, minimum(terms.reorderMinimum, lang, input.currency)],
    [w.payment, terms.paymentTerms || w.notSet],
    [w.delivery, terms.deliveryWindow || w.notSet],
    [w.shipping, terms.shippingNotes || w.notSet],
    [w.contact, terms.orderEmail || brand.email],
  ];
  for (const [label, value] of rows) {
    if (doc.y > CONTENT_BOTTOM - 60) doc.addPage();
    doc.fillColor(MUTED).font('sans').fontSize(8.5).text(label.toUpperCase(), MARGIN, doc.y);
    doc.moveDown(0.2);
    doc
      .fillColor(INK)
      .font('sans')
      .fontSize(11)
      .text(value, { width: PAGE.width - 2 * MARGIN, lineGap: 2 });
    doc.moveDown(0.9);
  }
}
