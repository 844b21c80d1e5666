import type { InvoicingSettingsInput, PostalAddress } from '@atelier/contract';
import { FacturX } from 'factur-x-kit';

/** A document as it is issued: what the PDF shows and the XML says (amounts in cents). */
export interface IssuedDocument {
  number: string;
  type: 'invoice' | 'creditNote';
  issueDate: string;
  deliveryDate: string | null;
  dueDate: string | null;
  orderNumber: string | null;
  /** A credit note's invoice. */
  invoice: { number: string; issueDate: string } | null;
  reason: string | null;
  locale: 'fr' | 'en';
  seller: InvoicingSettingsInput & { brandName: string; email: string };
  buyer: BuyerSnapshot;
  lines: Array<{
    kind: 'goods' | 'shipping' | 'amount';
    reference: string | null;
    product: string;
    colour: string | null;
    size: string | null;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
  }>;
  vat: VatTreatment;
  breakdown: Array<{ baseCents: number; vatCents: number }>;
  totalExclCents: number;
  totalVatCents: number;
  totalInclCents: number;
}

export interface BuyerSnapshot {
  name: string;
  address: PostalAddress;
  deliveryAddress: PostalAddress | null;
  siren: string | null;
  vatNumber: string | null;
  email: string | null;
}

/** How VAT applies to a buyer (issue 24): France 20 % S, EU with a VAT number K, outside the EU G. */
export interface VatTreatment {
  category: 'S' | 'K' | 'G';
  /** Percent, at most 2 decimals. */
  rate: number;
  exemptionCode: 'VATEX-EU-IC' | 'VATEX-EU-G' | null;
  /** The legal mention, in French (it is the law's wording) — the PDF adds its translation. */
  exemption: string | null;
}

const euros = (cents: number) => cents / 100;
const ymd = (day: string) => {
  const [year, month, d] = day.split('-').map(Number);
  return { year: year!, month: month!, day: d! };
};

/** The notes French law asks on every invoice, with the subject codes BR-FR expects (PMT, PMD, AAB). */
export function legalNotes(seller: InvoicingSettingsInput): Array<{ subject: 'PMT' | 'PMD' | 'AAB'; content: string }> {
  const rate = String(seller.penaltyRate).replace('.', ',');
  const discount = seller.earlyPaymentDiscount;
  return [
    { subject: 'PMT', content: 'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (art. L441-10 et D441-5 du Code de commerce).' },
    { subject: 'PMD', content: `Pénalités de retard : ${rate} % par an, exigibles dès le lendemain de l’échéance.` },
    {
      subject: 'AAB',
      content: discount
        ? `Escompte pour paiement anticipé : ${String(discount.rate).replace('.', ',')} % pour un paiement sous ${discount.days} jours.`
        : 'Pas d’escompte pour paiement anticipé.',
    },
  ];
}

/**
 * The document's CII XML, profile EN 16931, made by factur-x-kit (which also checks the EN 16931
 * business rules it knows, and throws on a break), then mended where the kit falls short of the
 * French rules (ADR 0009): the VAT rates are written with at most 2 decimals (BR-FR-16, BR-FR-DEC-04:
 * the kit writes `20.0000`), and the billing framework `B1` (goods) is always set (BR-FR-08).
 */
export async function facturxXml(doc: IssuedDocument): Promise<string> {
  const { seller, buyer, vat } = doc;
  const address = (a: PostalAddress) => ({
    postcode: a.postcode,
    addressLineOne: a.line1,
    ...(a.line2 ? { addressLineTwo: a.line2 } : {}),
    city: a.town,
    country: a.country,
  });
  const tax = { typeCode: 'VAT', categoryCode: vat.category, rateApplicablePercent: vat.rate };
  const french = buyer.address.country === 'FR' && buyer.siren;
  const data = {
    businessProcessType: 'B1',
    profile: 'urn:cen.eu:en16931:2017',
    document: {
      id: doc.number,
      type: doc.type === 'invoice' ? '380' : '381',
      dateOfIssue: ymd(doc.issueDate),
      currency: 'EUR',
      notes: [
        ...legalNotes(seller),
        ...(doc.reason ? [{ subject: 'AAI', content: doc.reason }] : []),
      ],
    },
    seller: {
      name: seller.legalName,
      specifiedLegalOrganization: { id: { id: seller.siren, scheme: '0002' }, tradingBusinessName: seller.brandName },
      postalAddress: address(seller.address),
      universalCommunicationAddressURI: { id: seller.siren, scheme: '0225' },
      taxIdentification: { vatId: seller.vatNumber },
      otherLegalInformation: `${seller.legalForm} au capital de ${String(seller.shareCapital).replace('.', ',')} € — RCS ${seller.rcsTown} ${seller.siren}`,
    },
    buyer: {
      name: buyer.name,
      ...(french ? { specifiedLegalOrganization: { id: { id: buyer.siren, scheme: '0002' } } } : {}),
      postalAddress: address(buyer.address),
      universalCommunicationAddressURI: french ? { id: buyer.siren, scheme: '0225' } : { id: buyer.email ?? seller.email, scheme: 'EM' },
      ...(buyer.vatNumber && vat.category !== 'G' ? { taxIdentification: { vatId: buyer.vatNumber } } : {}),
    },
    referencedDocuments: {
      ...(doc.orderNumber ? { orderReference: { documentId: doc.orderNumber } } : {}),
      ...(doc.invoice ? { referencedInvoice: [{ documentId: doc.invoice.number, issueDate: ymd(doc.invoice.issueDate) }] } : {}),
    },
    delivery: {
      ...(doc.deliveryDate ? { deliveryDate: ymd(doc.deliveryDate) } : {}),
      recipient: { name: buyer.name, postalAddress: address(buyer.deliveryAddress ?? buyer.address) },
    },
    paymentInformation: {
      paymentMeans: [{ paymentType: '58', payeeBankAccount: { iban: seller.iban, bic: seller.bic } }],
      // BR-CO-25: a positive amount due needs a due date or terms; a credit note says how it settles.
      paymentTerms: doc.dueDate
        ? { description: paymentTermsText(seller), dueDate: ymd(doc.dueDate) }
        : { description: `Avoir à imputer sur la facture ${doc.invoice?.number ?? ''} ou remboursé par virement.` },
    },
    totals: {
      sumWithoutAllowancesAndCharges: euros(doc.totalExclCents),
      netTotal: euros(doc.totalExclCents),
      taxBreakdown: doc.breakdown.map((b) => ({
        calculatedAmount: euros(b.vatCents),
        typeCode: 'VAT',
        basisAmount: euros(b.baseCents),
        categoryCode: vat.category,
        rateApplicablePercent: vat.rate,
        ...(vat.exemptionCode ? { exemptionReason: vat.exemption, exemptionReasonCode: vat.exemptionCode } : {}),
      })),
      taxTotal: [{ amount: euros(doc.totalVatCents), currency: 'EUR' }],
      grossTotal: euros(doc.totalInclCents),
      prepaidAmount: 0,
      openAmount: euros(doc.totalInclCents),
    },
    invoiceLines: doc.lines.map((line, i) => ({
      generalLineData: { lineId: String(i + 1) },
      productDescription: {
        ...(line.reference ? { sellerProductId: line.reference } : {}),
        name: [line.product, [line.colour, line.size].filter(Boolean).join(', ')].filter(Boolean).join(' — '),
      },
      productPriceAgreement: { productNetPricing: { netPricePerItem: euros(line.unitPriceCents) } },
      delivery: { itemQuantity: { quantity: line.quantity, unit: line.kind === 'goods' ? 'H87' : 'C62' } },
      settlement: { tax, lineTotals: { netTotal: euros(line.totalCents) } },
    })),
  };
  const xml = await (await FacturX.fromObject(data)).getXML();
  return mendFrenchRules(xml);
}

/** What factur-x-kit 0.3 gets wrong for the French rules, mended (each has a test in invoices.test.ts). */
export function mendFrenchRules(xml: string): string {
  let out = xml.replace(/<ram:RateApplicablePercent>(-?\d+(?:\.\d+)?)<\/ram:RateApplicablePercent>/g, (_m, rate: string) => `<ram:RateApplicablePercent>${formatRate(Number(rate))}</ram:RateApplicablePercent>`);
  if (!out.includes('<ram:BusinessProcessSpecifiedDocumentContextParameter>')) {
    out = out.replace(
      '<rsm:ExchangedDocumentContext>',
      '<rsm:ExchangedDocumentContext>\n    <ram:BusinessProcessSpecifiedDocumentContextParameter>\n      <ram:ID>B1</ram:ID>\n    </ram:BusinessProcessSpecifiedDocumentContextParameter>',
    );
  }
  return out;
}

/** A VAT rate as the French rules want it: at most 2 decimals, no trailing zeros (20, 5.5, 2.1). */
export function formatRate(rate: number): string {
  return String(Math.round(rate * 100) / 100);
}

export function paymentTermsText(seller: InvoicingSettingsInput): string {
  if (seller.paymentDays === 0) return 'Paiement à réception de facture, par virement.';
  return `Paiement à ${seller.paymentDays} jours${seller.endOfMonth ? ' fin de mois' : ''} à compter de la date de facture, par virement.`;
}
