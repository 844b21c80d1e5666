import { formatDay, formatPrice, type CompanyDetails, type Locale, type Order } from '@atelier/contract';
import type { Brand as PublicBrand } from '@atelier/contract';
import { PDF_COLOURS, brandPdf } from '../../lib/pdf.ts';
import { worded, type MailContent } from '../mail/templates.ts';
import { MAIL_WORDS } from '../mail/words.ts';

/** What the buyer's copy of a showroom order shows: the orders made, who took it, the signature. */
export interface ShowroomPdfData {
  brand: PublicBrand;
  shop: string;
  company: CompanyDetails;
  takenBy: string;
  takenAt: string;
  /** A PNG or JPEG data URL. */
  signature: string;
  note: string | null;
  orders: Order[];
}

const WORDS = {
  fr: {
    colon: ' : ',
    title: 'Bon de commande — showroom',
    takenBy: (name: string, day: string) => `Pris par ${name} au showroom le ${day}`,
    order: 'Commande',
    atOnce: 'Disponible de suite',
    delivery: 'Livraison',
    product: 'Article',
    colour: 'Coloris',
    size: 'Taille',
    qty: 'Qté',
    unit: 'PU HT',
    total: 'Total HT',
    pieces: (n: number) => `${n} pièces`,
    all: 'Total de la commande HT',
    note: 'Note',
    signature: 'Signature de l’acheteur',
    pack: (n: number, name: string) => `${n} × ${name}`,
  },
  en: {
    colon: ': ',
    title: 'Order form — showroom',
    takenBy: (name: string, day: string) => `Taken by ${name} at the showroom on ${day}`,
    order: 'Order',
    atOnce: 'At once',
    delivery: 'Delivery',
    product: 'Item',
    colour: 'Colour',
    size: 'Size',
    qty: 'Qty',
    unit: 'Unit excl. VAT',
    total: 'Total excl. VAT',
    pieces: (n: number) => `${n} pieces`,
    all: 'Order total excl. VAT',
    note: 'Note',
    signature: 'Buyer’s signature',
    pack: (n: number, name: string) => `${n} × ${name}`,
  },
} as const;

/** The buyer's copy as a PDF (A4, the brand's fonts): each order with its lines and totals, then the signature. */
export async function showroomOrderPdf(data: ShowroomPdfData, lang: Locale): Promise<Buffer> {
  const w = WORDS[lang];
  const { doc, done } = await brandPdf({ margin: 48, info: { Title: `${data.brand.name} — ${w.title}`, Author: data.brand.name } });
  const left = 48;
  const width = doc.page.width - 96;
  doc.font('serif').fontSize(22).fillColor(PDF_COLOURS.ink).text(data.brand.name, left, 48);
  doc.font('sans').fontSize(10).fillColor(PDF_COLOURS.muted).text(w.title);
  doc.moveDown(0.5).text(w.takenBy(data.takenBy, formatDay(data.takenAt.slice(0, 10), lang)));
  doc.moveDown(0.8).font('sansBold').fillColor(PDF_COLOURS.ink).fontSize(11).text(data.shop);
  const address = data.company.billing ?? data.company.delivery;
  doc.font('sans').fontSize(9.5).fillColor(PDF_COLOURS.muted);
  if (address) doc.text([address.line1, address.line2, `${address.postcode} ${address.town}`, address.country].filter(Boolean).join(', '));
  if (data.company.vatNumber) doc.text(data.company.vatNumber);
  const columns = [
    { key: 'product', x: left, w: width * 0.36 },
    { key: 'colour', x: left + width * 0.36, w: width * 0.2 },
    { key: 'size', x: left + width * 0.56, w: width * 0.12 },
    { key: 'qty', x: left + width * 0.68, w: width * 0.08 },
    { key: 'unit', x: left + width * 0.76, w: width * 0.12 },
    { key: 'total', x: left + width * 0.88, w: width * 0.12 },
  ] as const;
  let grand = 0;
  for (const order of data.orders) {
    grand += order.total;
    doc.moveDown(1.2);
    const where =
      order.mode === 'atOnce'
        ? w.atOnce
        : order.delivery
          ? `${w.delivery} ${order.delivery.name} (${formatDay(order.delivery.from, lang)} – ${formatDay(order.delivery.to, lang)})`
          : '';
    doc.font('serif').fontSize(13).fillColor(PDF_COLOURS.accent).text(`${w.order} ${order.number}`, left, doc.y, { continued: !!where });
    if (where) doc.font('sans').fontSize(10).fillColor(PDF_COLOURS.muted).text(`  ·  ${where}`);
    doc.moveDown(0.4);
    const head = doc.y;
    doc.font('sansBold').fontSize(8.5).fillColor(PDF_COLOURS.muted);
    for (const c of columns) doc.text(w[c.key], c.x, head, { width: c.w, align: c.key === 'qty' || c.key === 'unit' || c.key === 'total' ? 'right' : 'left' });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc.font('sans').fontSize(9).fillColor(PDF_COLOURS.ink);
    for (const line of order.lines) {
      if (doc.y > doc.page.height - 160) doc.addPage();
      const y = doc.y + 4;
      const cells = {
        product: [line.reference, line.productTitle].filter(Boolean).join(' · '),
        colour: line.colorName,
        size: line.pack ? `${line.size} (${w.pack(line.pack.packs, line.pack.name)})` : line.size,
        qty: String(line.quantity),
        unit: formatPrice(line.unitPrice, lang, order.currency),
        total: formatPrice(line.total, lang, order.currency),
      };
      let bottom = y;
      for (const c of columns) {
        doc.text(cells[c.key], c.x, y, { width: c.w - 4, align: c.key === 'qty' || c.key === 'unit' || c.key === 'total' ? 'right' : 'left' });
        bottom = Math.max(bottom, doc.y);
      }
      doc.y = bottom;
    }
    doc
      .moveDown(0.4)
      .font('sansBold')
      .fontSize(9.5)
      .text(`${w.pieces(order.pieces)} · ${w.total} ${formatPrice(order.total, lang, order.currency)}`, left, doc.y, { width, align: 'right' });
  }
  doc
    .moveDown(1)
    .font('serif')
    .fontSize(12)
    .fillColor(PDF_COLOURS.ink)
    .text(`${w.all}${w.colon}${formatPrice(Math.round(grand * 100) / 100, lang, data.orders[0]?.currency)}`, left, doc.y, { width, align: 'right' });
  if (data.note) doc.moveDown(0.8).font('sans').fontSize(9.5).fillColor(PDF_COLOURS.muted).text(`${w.note}${w.colon}${data.note}`, left, doc.y, { width });
  if (doc.y > doc.page.height - 170) doc.addPage();
  doc.moveDown(1.2).font('sansBold').fontSize(9).fillColor(PDF_COLOURS.muted).text(w.signature, left, doc.y);
  const image = Buffer.from(data.signature.slice(data.signature.indexOf(',') + 1), 'base64');
  try {
    doc.image(image, left, doc.y + 6, { fit: [220, 90] });
  } catch {
    // A signature the PDF cannot draw (checked as an image when taken) leaves the space blank.
  }
  doc.end();
  return done;
}

/** To the buyer, in their language: the order taken at the showroom, its PDF attached. */
export function showroomOrderMail(data: ShowroomPdfData, lang: Locale, url: string): MailContent {
  const numbers = data.orders.map((o) => o.number).join(', ');
  // One shop's orders: one currency (issue 47).
  const total = formatPrice(Math.round(data.orders.reduce((n, o) => n + o.total, 0) * 100) / 100, lang, data.orders[0]?.currency);
  const pieces = data.orders.reduce((n, o) => n + o.pieces, 0);
  return worded(data.brand, lang, MAIL_WORDS[lang].showroomOrder({ numbers, takenBy: data.takenBy, pieces, total, url }));
}
