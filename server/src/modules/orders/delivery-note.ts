import type { Brand, Locale, Order, Shipment } from '@atelier/contract';
// The pure entry (no zod): this module runs in the PDF worker thread, which starts faster without the schemas.
import { carrierName, formatDay, intlLocale } from '@atelier/contract/pure';
import { PDF_COLOURS, brandPdf, pageFooters } from '../../lib/pdf.ts';
import { drawEan13 } from '../../lib/pdf-barcode.ts';

/** The delivery note's fixed words, one catalogue per language (its values come from the order). */
const WORDS = {
  fr: {
    colon: ' : ',
    title: 'Bon de livraison',
    order: 'Commande',
    ordered: 'Commandée le',
    shipped: 'Expédié le',
    deliverTo: 'Livrer à',
    from: 'Expéditeur',
    carrier: 'Transporteur',
    tracking: 'Suivi',
    ref: 'Réf.',
    product: 'Article',
    colour: 'Coloris',
    size: 'Taille',
    qtyOrdered: 'Commandé',
    inParcel: 'Dans ce colis',
    toFollow: 'À suivre',
    cancelled: (n: number) => `${n} annulé(s)`,
    pieces: (n: number) => `${n} pièce(s) dans ce colis`,
    followOn: (day: string) => `Le reste suit, prévu le ${day}.`,
    follows: 'Le reste suit.',
    complete: 'Ce colis complète la commande.',
    page: (n: number, total: number) => `Page ${n} sur ${total}`,
    oneSize: 'TU',
  },
  en: {
    colon: ': ',
    title: 'Delivery note',
    order: 'Order',
    ordered: 'Ordered on',
    shipped: 'Shipped on',
    deliverTo: 'Deliver to',
    from: 'From',
    carrier: 'Carrier',
    tracking: 'Tracking',
    ref: 'Ref.',
    product: 'Item',
    colour: 'Colour',
    size: 'Size',
    qtyOrdered: 'Ordered',
    inParcel: 'In this parcel',
    toFollow: 'To follow',
    cancelled: (n: number) => `${n} cancelled`,
    pieces: (n: number) => `${n} piece(s) in this parcel`,
    followOn: (day: string) => `The rest follows, expected on ${day}.`,
    follows: 'The rest follows.',
    complete: 'This parcel completes the order.',
    page: (n: number, total: number) => `Page ${n} of ${total}`,
    oneSize: 'OS',
  },
} as const;

const MARGIN = 48;

/** Each line of the order with what this parcel holds of it and what is still to follow after it. */
export function noteLines(order: Order, shipment: Shipment) {
  const upTo = (order.shipments ?? []).filter((s) => s.shippedAt <= shipment.shippedAt && s.id <= shipment.id);
  const sent = new Map<number, number>();
  for (const s of upTo) for (const l of s.lines) sent.set(l.lineId, (sent.get(l.lineId) ?? 0) + l.quantity);
  const here = new Map(shipment.lines.map((l) => [l.lineId, l.quantity]));
  return order.lines.map((line) => ({
    line,
    inParcel: here.get(line.id) ?? 0,
    toFollow: Math.max(0, line.quantity - (sent.get(line.id) ?? 0) - (line.cancelled ?? 0)),
  }));
}

/**
 * A parcel's delivery note (issue 45), in the shop's language and the brand's fonts: order and parcel
 * numbers, dates, where it goes, per line what was ordered, what is in this parcel and what follows,
 * how it travels. No prices. Drawn when asked (a few milliseconds): it says what the order says.
 */
export async function deliveryNotePdf(brand: Brand, order: Order, shipment: Shipment, lang: Locale, gtins: Record<number, string> = {}): Promise<Buffer> {
  const w = WORDS[lang];
  const { doc, done } = await brandPdf({
    margin: MARGIN,
    bufferPages: true,
    lang: intlLocale(lang),
    info: { Title: `${brand.name} — ${w.title} ${shipment.number}`, Author: brand.name, CreationDate: new Date(shipment.shippedAt) },
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  doc.font('serif').fontSize(22).fillColor(PDF_COLOURS.ink).text(brand.name, left, MARGIN);
  doc.font('serif').fontSize(15).fillColor(PDF_COLOURS.accent).text(`${w.title} ${shipment.number}`);
  doc.moveDown(0.4).font('sans').fontSize(9.5).fillColor(PDF_COLOURS.muted);
  doc.text(
    `${w.order} ${order.number} · ${w.ordered} ${formatDay(order.createdAt.slice(0, 10), lang)} · ${w.shipped} ${formatDay(shipment.shippedAt.slice(0, 10), lang)}`,
  );
  const how = [
    shipment.carrier ? `${w.carrier}${w.colon}${carrierName(shipment.carrier)}` : null,
    shipment.tracking ? `${w.tracking}${w.colon}${shipment.tracking}` : null,
  ];
  if (how.some(Boolean)) doc.text(how.filter(Boolean).join(' · '));
  addresses(doc, order, brand, w, left, width);
  const rows = noteLines(order, shipment);
  table(doc, rows, w, left, width, gtins);
  const inParcel = rows.reduce((n, r) => n + r.inParcel, 0);
  const rest = rows.reduce((n, r) => n + r.toFollow, 0);
  doc.moveDown(0.6).font('sansBold').fontSize(10).fillColor(PDF_COLOURS.ink).text(w.pieces(inParcel), left, doc.y, { width, align: 'right' });
  doc.moveDown(0.4).font('sans').fontSize(9.5).fillColor(PDF_COLOURS.muted);
  doc.text(rest === 0 ? w.complete : order.followDate ? w.followOn(formatDay(order.followDate, lang)) : w.follows, left, doc.y, { width });
  pageFooters(doc, (n, count) => {
    doc
      .font('sans')
      .fontSize(8)
      .fillColor(PDF_COLOURS.muted)
      .text(`${shipment.number} · ${w.page(n, count)}`, left, doc.page.height - MARGIN + 10, { width, align: 'right', lineBreak: false });
  });
  doc.end();
  return done;
}

type Words = (typeof WORDS)[Locale];

/** Where the parcel goes (the shop's delivery address, else its billing one) and who sends it. */
function addresses(doc: PDFKit.PDFDocument, order: Order, brand: Brand, w: Words, left: number, width: number) {
  const company = order.shop.company;
  const to = company.delivery ?? company.billing;
  const place = to ? [to.line1, to.line2, `${to.postcode} ${to.town}`, to.country].filter(Boolean) : [company.deliveryAddress ?? company.billingAddress ?? ''];
  const top = doc.y + 14;
  const half = width / 2 - 8;
  doc.font('sansBold').fontSize(8.5).fillColor(PDF_COLOURS.muted).text(w.deliverTo.toUpperCase(), left, top, { width: half });
  doc
    .font('sans')
    .fontSize(10)
    .fillColor(PDF_COLOURS.ink)
    .text([company.companyName ?? order.shop.email, ...place, company.phone ?? ''].filter(Boolean).join('\n'), left, doc.y + 2, { width: half });
  const bottom = doc.y;
  doc
    .font('sansBold')
    .fontSize(8.5)
    .fillColor(PDF_COLOURS.muted)
    .text(w.from.toUpperCase(), left + width / 2 + 8, top, { width: half });
  doc
    .font('sans')
    .fontSize(10)
    .fillColor(PDF_COLOURS.ink)
    .text([brand.legalEntity || brand.name, brand.address, brand.email].filter(Boolean).join('\n'), left + width / 2 + 8, doc.y + 2, { width: half });
  doc.y = Math.max(bottom, doc.y) + 16;
}

/** The lines: reference, item, colour, size, ordered, in this parcel, to follow; under a line whose piece has one, its EAN-13 (issue 60). */
function table(doc: PDFKit.PDFDocument, rows: ReturnType<typeof noteLines>, w: Words, left: number, width: number, gtins: Record<number, string>) {
  const columns = [
    { key: 'ref', x: 0, w: 0.16 },
    { key: 'product', x: 0.16, w: 0.26 },
    { key: 'colour', x: 0.42, w: 0.16 },
    { key: 'size', x: 0.58, w: 0.08 },
    { key: 'qtyOrdered', x: 0.66, w: 0.11 },
    { key: 'inParcel', x: 0.77, w: 0.12 },
    { key: 'toFollow', x: 0.89, w: 0.11 },
  ] as const;
  const numeric = (key: string) => key === 'qtyOrdered' || key === 'inParcel' || key === 'toFollow';
  const head = () => {
    const y = doc.y;
    doc.font('sansBold').fontSize(8.5).fillColor(PDF_COLOURS.muted);
    let bottom = y;
    for (const c of columns) {
      doc.text(w[c.key], left + c.x * width, y, { width: c.w * width - 4, align: numeric(c.key) ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
    }
    doc
      .moveTo(left, bottom + 2)
      .lineTo(left + width, bottom + 2)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc.y = bottom + 4;
  };
  head();
  for (const { line, inParcel, toFollow } of rows) {
    if (doc.y > doc.page.height - MARGIN - 90) {
      doc.addPage();
      head();
    }
    const y = doc.y + 3;
    const cells: Record<(typeof columns)[number]['key'], string> = {
      ref: line.reference ?? '',
      product: line.productTitle,
      colour: line.colorName,
      size: line.size === 'ONESIZE' ? w.oneSize : line.size,
      qtyOrdered: String(line.quantity),
      inParcel: inParcel ? String(inParcel) : '—',
      toFollow: toFollow ? String(toFollow) : (line.cancelled ?? 0) > 0 ? w.cancelled(line.cancelled ?? 0) : '—',
    };
    let bottom = y;
    doc.fontSize(9).fillColor(PDF_COLOURS.ink);
    for (const c of columns) {
      doc.font(c.key === 'inParcel' && inParcel ? 'sansBold' : 'sans').text(cells[c.key], left + c.x * width, y, {
        width: c.w * width - 4,
        align: numeric(c.key) ? 'right' : 'left',
      });
      bottom = Math.max(bottom, doc.y);
    }
    const gtin = gtins[line.id];
    if (gtin) {
      drawEan13(doc, gtin, { x: left, y: bottom + 2, w: 0.42 * width, h: 26 });
      bottom += 30;
    }
    doc.y = bottom;
  }
}
