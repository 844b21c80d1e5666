import type { Locale, PostalAddress } from '@atelier/contract';
// The pure entry (no zod): this module runs in the PDF worker thread, which starts faster without the schemas.
import { RATE_SCALE, formatDay, formatPrice, intlLocale } from '@atelier/contract/pure';
import { PDF_COLOURS, brandPdf, pageFooters } from '../../lib/pdf.ts';
import { formatRate, paymentTermsText, type IssuedDocument } from './facturx.ts';
import { LEGAL, WORDS } from './pdf-words.ts';

const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE, band: BAND } = PDF_COLOURS;
/** A4 portrait. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const ROW = 16;
const BOTTOM = PAGE.height - MARGIN - 24;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The XMP the Factur-X standard asks beside PDF/A-3's: the fx: schema, and its description for PDF/A. */
function facturxXmp(): string {
  return `
        <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>
                                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description></rdf:li>
                                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description></rdf:li>
                                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description></rdf:li>
                                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description></rdf:li>
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>`;
}

/**
 * The document as one PDF/A-3b Factur-X file: the visible part in the retailer's language and the
 * brand's embedded fonts (A4), `factur-x.xml` attached as its Alternative (AFRelationship), the sRGB
 * OutputIntent, and the XMP's `pdfaid` and Factur-X schemas. Made once at issue and stored.
 */
/** One invoice PDF being drawn: the document, its words, and how far down the page it has got. */
interface Sheet {
  pdf: PDFKit.PDFDocument;
  doc: IssuedDocument;
  w: (typeof WORDS)[Locale];
  legal: (typeof LEGAL)[Locale];
  lang: Locale;
  title: string;
  brandName: string;
  width: number;
  money: (cents: number) => string;
  day: (d: string) => string;
  y: number;
}

export async function renderInvoicePdf(doc: IssuedDocument, xml: string, brandName: string): Promise<Buffer> {
  const lang: Locale = doc.locale;
  const w = WORDS[lang];
  const legal = LEGAL[lang];
  const title = `${doc.type === 'creditNote' ? w.creditNote : doc.purpose === 'deposit' ? w.deposit : w.invoice} ${doc.number}`;
  const created = new Date(`${doc.issueDate}T12:00:00Z`);
  const { doc: pdf, done } = await brandPdf({
    margin: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: intlLocale(lang),
    info: {
      Title: escapeXml(`${brandName} · ${title}`),
      Author: escapeXml(doc.seller.legalName),
      Creator: escapeXml(brandName),
      Producer: escapeXml(brandName),
      CreationDate: created,
      ModDate: created,
    },
  });
  pdf.font('sans');
  const sheet: Sheet = {
    pdf,
    doc,
    w,
    legal,
    lang,
    title,
    brandName,
    width: PAGE.width - 2 * MARGIN,
    money: (cents) => formatPrice(cents / 100, lang, doc.currency),
    day: (d) => formatDay(d, lang),
    y: MARGIN,
  };

  drawParties(sheet);
  drawFacts(sheet);
  drawLines(sheet);
  drawTotals(sheet);
  drawMentions(sheet);
  drawFooters(sheet);

  // pdfkit writes AFRelationship and the catalog's AF array; its types do not list `relationship` yet.
  const attachment = {
    name: 'factur-x.xml',
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X invoice (EN 16931)',
    creationDate: created,
    modifiedDate: created,
  };
  pdf.file(Buffer.from(xml, 'utf8'), attachment);
  pdf.appendXML(facturxXmp());
  pdf.end();
  return done;
}

/** The brand, the kind and number, then the seller and the buyer side by side. */
function drawParties(sheet: Sheet): void {
  const { pdf, doc, w, lang, width, title, brandName } = sheet;
  let y: number;
  const addressLines = (a: PostalAddress) => [a.line1, a.line2, `${a.postcode} ${a.town}`, a.country].filter(Boolean).join('\n');
  // Header: the brand, then the document's kind and number.
  pdf.fillColor(ACCENT).font('sans').fontSize(9).text(brandName.toUpperCase(), MARGIN, MARGIN);
  pdf
    .fillColor(INK)
    .font('serif')
    .fontSize(28)
    .text(title, MARGIN, MARGIN + 14);
  y = pdf.y + 10;

  // Seller and buyer side by side.
  const half = (width - 20) / 2;
  const seller = doc.seller;
  const sellerText = [
    seller.legalName,
    addressLines(seller.address),
    w.capital(seller.legalForm, formatPrice(seller.shareCapital, lang)),
    `${w.siret} ${seller.siret} — ${w.rcs(seller.rcsTown, seller.siren)}`,
    `${w.vatNumber} ${seller.vatNumber}`,
  ].join('\n');
  const buyer = doc.buyer;
  const buyerText = [
    buyer.name,
    addressLines(buyer.address),
    buyer.siren ? `${w.siren} ${buyer.siren}` : null,
    buyer.vatNumber ? `${w.vatNumber} ${buyer.vatNumber}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  pdf.fillColor(MUTED).font('sansBold').fontSize(8).text(w.seller.toUpperCase(), MARGIN, y);
  pdf.text(w.buyer.toUpperCase(), MARGIN + half + 20, y);
  pdf
    .fillColor(INK)
    .font('sans')
    .fontSize(9.5)
    .text(sellerText, MARGIN, y + 12, { width: half });
  const afterSeller = pdf.y;
  pdf.text(buyerText, MARGIN + half + 20, y + 12, { width: half });
  let afterBuyer = pdf.y;
  if (buyer.deliveryAddress) {
    pdf
      .fillColor(MUTED)
      .font('sansBold')
      .fontSize(8)
      .text(w.deliverTo.toUpperCase(), MARGIN + half + 20, afterBuyer + 6);
    pdf
      .fillColor(INK)
      .font('sans')
      .fontSize(9.5)
      // The door's name above its address: a group's invoice says which of its shops the goods went to.
      .text([buyer.deliveryName, addressLines(buyer.deliveryAddress)].filter(Boolean).join('\n'), MARGIN + half + 20, pdf.y + 2, { width: half });
    afterBuyer = pdf.y;
  }
  y = Math.max(afterSeller, afterBuyer) + 14;
  sheet.y = y;
}

/** The dates and references in a band, and what a credit note credits. */
function drawFacts(sheet: Sheet): void {
  const { pdf, doc, w, width, day } = sheet;
  let y = sheet.y;
  // Dates and references in a band.
  const facts: Array<[string, string]> = [[w.issueDate, day(doc.issueDate)]];
  if (doc.deliveryDate) facts.push([w.deliveryDate, day(doc.deliveryDate)]);
  if (doc.orderNumber) facts.push([w.order, doc.orderNumber]);
  if (doc.dueDate) facts.push([w.dueDate, day(doc.dueDate)]);
  const factWidth = width / facts.length;
  pdf.rect(MARGIN, y - 4, width, 34).fill(BAND);
  facts.forEach(([label, value], i) => {
    pdf
      .fillColor(MUTED)
      .font('sans')
      .fontSize(8)
      .text(label, MARGIN + 6 + i * factWidth, y, { width: factWidth - 12, lineBreak: false });
    pdf
      .fillColor(INK)
      .font('sansBold')
      .fontSize(10)
      .text(value, MARGIN + 6 + i * factWidth, y + 12, { width: factWidth - 12, lineBreak: false });
  });
  y += 40;
  if (doc.invoice) {
    pdf
      .fillColor(INK)
      .font('sansBold')
      .fontSize(10)
      .text(w.ofInvoice(doc.invoice.number, day(doc.invoice.issueDate)), MARGIN, y, { width });
    y = pdf.y + 2;
  }
  if (doc.reason) {
    pdf.fillColor(INK).font('sans').fontSize(10).text(`${w.reason}${w.colon}${doc.reason}`, MARGIN, y, { width });
    y = pdf.y + 4;
  }
  y += 6;
  sheet.y = y;
}

/** The lines, their header again on each new page. */
function drawLines(sheet: Sheet): void {
  const { pdf, doc, w, width, money } = sheet;
  let y = sheet.y;
  // The lines; with a company's discount (issue 47), each line's gross price and discount before its net price.
  const discounted = doc.lines.some((l) => l.listPriceCents && l.listPriceCents > l.unitPriceCents);
  // Widths in points, the last column taking what is left: narrower text columns when two more are needed.
  const widths: Array<[keyof typeof w & string, number, number]> = [
    ['ref', 88, 74],
    ['product', 132, 96],
    ['colour', 70, 54],
    ['size', 34, 30],
    ['qty', 30, 26],
    ['gross', 0, 52],
    ['discount', 0, 44],
    ['unit', 58, 52],
    ['vat', 34, 28],
  ];
  const shown = widths.filter(([key]) => discounted || (key !== 'gross' && key !== 'discount'));
  const used = shown.reduce((sum, [, plain, narrow]) => sum + (discounted ? narrow : plain), 0);
  const columns = [
    ...shown.map(([key, plain, narrow]) => ({
      key,
      label: w[key] as string,
      width: discounted ? narrow : plain,
      align: ['ref', 'product', 'colour', 'size'].includes(key) ? ('left' as const) : ('right' as const),
    })),
    { key: 'total', label: w.total, width: width - used, align: 'right' as const },
  ];
  const row = (cells: string[], options: { bold?: boolean; band?: boolean } = {}) => {
    if (options.band) pdf.rect(MARGIN, y - 4, width, ROW).fill(BAND);
    let x = MARGIN + 3;
    columns.forEach((c, i) => {
      // References are set a little smaller, so the longest (20 characters) stays on its line.
      pdf
        .fillColor(INK)
        .font(options.bold ? 'sansBold' : 'sans')
        .fontSize(i === 0 && !options.bold ? 7.5 : 8.5);
      pdf.text(cells[i] ?? '', x, y, { width: c.width - 6, align: c.align, lineBreak: false, ellipsis: true });
      x += c.width;
    });
    y += ROW;
  };
  const header = () =>
    row(
      columns.map((c) => c.label),
      { bold: true, band: true },
    );
  header();
  const rate = `${formatRate(doc.vat.rate).replace('.', w.decimal)}${w.percent}`;
  for (const line of doc.lines) {
    if (y + ROW > BOTTOM) {
      pdf.addPage();
      y = MARGIN;
      header();
    }
    const size = line.size === 'ONESIZE' ? w.oneSize : (line.size ?? '');
    const gross = line.listPriceCents && line.listPriceCents > line.unitPriceCents ? line.listPriceCents : null;
    row([
      line.reference ?? '',
      line.kind === 'shipping' ? w.shipping : line.product,
      line.colour ?? '',
      size,
      String(line.quantity),
      ...(discounted ? [gross === null ? '' : money(gross), gross === null ? '' : `−${money(gross - line.unitPriceCents)}`] : []),
      money(line.unitPriceCents),
      rate,
      money(line.totalCents),
    ]);
  }
  pdf
    .moveTo(MARGIN, y - 3)
    .lineTo(MARGIN + width, y - 3)
    .lineWidth(0.5)
    .stroke(RULE);
  sheet.y = y;
}

/** The totals, with the VAT per rate. */
function drawTotals(sheet: Sheet): void {
  const { pdf, doc, w, width, money } = sheet;
  let y = sheet.y;
  // Totals, VAT per rate.
  if (y + 90 > BOTTOM) {
    pdf.addPage();
    y = MARGIN;
  }
  y += 6;
  const totalsX = MARGIN + width - 230;
  const total = (label: string, value: string, bold = false) => {
    pdf
      .fillColor(INK)
      .font(bold ? 'sansBold' : 'sans')
      .fontSize(bold ? 11 : 9.5);
    pdf.text(label, totalsX, y, { width: 130, lineBreak: false });
    pdf.text(value, totalsX + 130, y, { width: 100, align: 'right', lineBreak: false });
    y += bold ? 18 : 15;
  };
  total(w.totalExcl, money(doc.totalExclCents));
  for (const b of doc.breakdown) total(`${w.vatAt(formatRate(doc.vat.rate).replace('.', w.decimal))} (${money(b.baseCents)})`, money(b.vatCents));
  pdf
    .moveTo(totalsX, y - 2)
    .lineTo(MARGIN + width, y - 2)
    .lineWidth(0.8)
    .stroke(INK);
  y += 4;
  total(w.totalIncl, money(doc.totalInclCents), true);
  // In another currency: the VAT in euros, at the rate of the document's day (issue 47).
  if (doc.currency && doc.currency !== 'EUR' && doc.rateMicro) {
    const rate = `${new Intl.NumberFormat(intlLocale(sheet.lang), { maximumFractionDigits: 6 }).format(doc.rateMicro / RATE_SCALE)} ${doc.currency}`;
    pdf.font('sans').fontSize(8.5).fillColor(INK);
    pdf.text(w.vatInEuros(formatPrice((doc.vatEurCents ?? 0) / 100, sheet.lang), rate, sheet.day(doc.issueDate)), totalsX - 100, y, {
      width: 330,
      align: 'right',
    });
    y = pdf.y + 4;
  }
  // A deposit paid comes off (issue 47): what is left to pay.
  if (doc.prepaidCents && doc.deposit) {
    total(w.prepaid([doc.deposit, ...(doc.deposit.others ?? [])].map((d) => d.number).join(', ')), money(-doc.prepaidCents));
    total(w.netDue, money(doc.totalInclCents - doc.prepaidCents), true);
  }
  y += 8;
  sheet.y = y;
}

/** The mentions the law asks. */
function drawMentions(sheet: Sheet): void {
  const { pdf, doc, w, legal, width } = sheet;
  const seller = doc.seller;
  let y = sheet.y;
  // The mentions the law asks.
  const discount = seller.earlyPaymentDiscount;
  const penaltyRate = String(seller.penaltyRate).replace('.', w.decimal);
  const mentions = [
    doc.vat.category === 'K' ? w.exemptIc : doc.vat.category === 'G' ? w.exemptG : null,
    doc.type === 'invoice' ? legal.terms(paymentTermsText(seller), seller.paymentDays, seller.endOfMonth) : null,
    doc.type === 'invoice' ? w.bank(seller.iban, seller.bic) : null,
    legal.penalty(penaltyRate),
    legal.discount(discount ? String(discount.rate).replace('.', w.decimal) : null, discount?.days ?? 0),
    w.goods,
    seller.vatOnDebits ? w.debits : null,
  ].filter((m): m is string => Boolean(m));
  pdf.fillColor(MUTED).font('sans').fontSize(8.5);
  for (const mention of mentions) {
    const height = pdf.heightOfString(mention, { width });
    if (y + height > BOTTOM) {
      pdf.addPage();
      y = MARGIN;
    }
    pdf.text(mention, MARGIN, y, { width });
    y = pdf.y + 3;
  }
  sheet.y = y;
}

/** Each page's footer: the seller and the page number. */
function drawFooters(sheet: Sheet): void {
  const { pdf, doc, w, width } = sheet;
  const seller = doc.seller;
  pageFooters(pdf, (page, count) => {
    pdf
      .fillColor(MUTED)
      .font('sans')
      .fontSize(7.5)
      .text(`${seller.legalName} — ${w.siret} ${seller.siret} — ${w.vatNumber} ${seller.vatNumber}`, MARGIN, PAGE.height - MARGIN, {
        width: width - 80,
        lineBreak: false,
      });
    pdf.text(w.page(page, count), MARGIN + width - 80, PAGE.height - MARGIN, { width: 80, align: 'right', lineBreak: false });
  });
}
