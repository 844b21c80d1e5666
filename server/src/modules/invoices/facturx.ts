import type { InvoicingSettingsInput, PostalAddress } from '@atelier/contract';
import { XMLBuilder } from 'fast-xml-parser';

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
  /** 'deposit': a deposit invoice (type 386, ADR 0024); absent: an invoice or a credit note of goods. */
  purpose?: 'goods' | 'deposit';
  /** What a parcel's invoice deducts of the deposit paid, incl. VAT (BT-113), and the deposit invoice it comes from (BT-25/26). */
  prepaidCents?: number;
  deposit?: { number: string; issueDate: string; others?: Array<{ number: string; issueDate: string }> } | null;
  /** The period a deposit invoice covers, from its issue to the delivery planned (BG-14). */
  period?: { start: string; end: string } | null;
  /** Its currency (issue 47; absent: the euro) and, in another, the VAT in euros at the rate of its day (BT-6, BT-111). */
  currency?: string;
  rateMicro?: number;
  vatEurCents?: number;
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
    /** The price before the company's discount (issue 47): BT-148, the discount BT-147 = it − the net price. */
    listPriceCents?: number | null;
    totalCents: number;
  }>;
  vat: VatTreatment;
  breakdown: Array<{ baseCents: number; vatCents: number }>;
  totalExclCents: number;
  totalVatCents: number;
  totalInclCents: number;
}

/** A document to write: what it says, and what it is tied to (its order, invoice, shop, parcel, deposit). */
export type NewDocument = Omit<IssuedDocument, 'number' | 'breakdown' | 'totalExclCents' | 'totalVatCents' | 'totalInclCents' | 'lines'> & {
  lines: Array<IssuedDocument['lines'][number] & { orderLineId: number | null; creditedLineId: number | null }>;
  orderId: number | null;
  invoiceId: number | null;
  userId: number | null;
  shipmentId?: number;
  prepaidVatCents?: number;
  depositInvoiceId?: number | null;
  /** Units of its currency for one euro × 1 000 000 on its day (the euro: 1 000 000). */
  rateMicro?: number;
};

export interface BuyerSnapshot {
  name: string;
  address: PostalAddress;
  deliveryAddress: PostalAddress | null;
  /** The company's door the goods went to (issue 46), named above its address. */
  deliveryName?: string | null;
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

/** The notes French law asks on every invoice, with the subject codes BR-FR expects (PMT, PMD, AAB). */
export function legalNotes(seller: InvoicingSettingsInput): Array<{ subject: 'PMT' | 'PMD' | 'AAB'; content: string }> {
  const rate = String(seller.penaltyRate).replace('.', ',');
  const discount = seller.earlyPaymentDiscount;
  return [
    {
      subject: 'PMT',
      content: 'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (art. L441-10 et D441-5 du Code de commerce).',
    },
    { subject: 'PMD', content: `Pénalités de retard : ${rate} % par an, exigibles dès le lendemain de l’échéance.` },
    {
      subject: 'AAB',
      content: discount
        ? `Escompte pour paiement anticipé : ${String(discount.rate).replace('.', ',')} % pour un paiement sous ${discount.days} jours.`
        : 'Pas d’escompte pour paiement anticipé.',
    },
  ];
}

const day102 = (day: string) => ({ 'udt:DateTimeString': { '@_format': '102', '#text': day.replaceAll('-', '') } });
const amount = (cents: number) => (cents / 100).toFixed(2);
const address = (a: PostalAddress) => ({
  'ram:PostcodeCode': a.postcode,
  'ram:LineOne': a.line1,
  ...(a.line2 ? { 'ram:LineTwo': a.line2 } : {}),
  'ram:CityName': a.town,
  'ram:CountryID': a.country,
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });

/**
 * The document's CII XML, profile EN 16931 (Factur-X 1.0 "EN 16931"), with the French rules the
 * npm libraries miss (ADR 0009): the billing framework `B1` (goods), VAT rates with at most 2
 * decimals, the seller's SIREN (scheme 0002) and electronic address (scheme 0225, the SIREN), the
 * French buyer's too, and the notes PMT (recovery indemnity), PMD (penalty rate) and AAB (discount).
 * Elements follow the CII D16B sequence; the tests run every document through the XSD and the
 * EN 16931, Factur-X and BR-FR schematrons. Serialised by fast-xml-parser's builder (escaping).
 */
export function facturxXml(doc: IssuedDocument): string {
  const { seller, buyer, vat } = doc;
  const tax = { 'ram:TypeCode': 'VAT', 'ram:CategoryCode': vat.category, 'ram:RateApplicablePercent': formatRate(vat.rate) };
  const french = buyer.address.country === 'FR' && buyer.siren;
  const notes = [...legalNotes(seller), ...(doc.reason ? [{ subject: 'AAI' as const, content: doc.reason }] : [])];
  const tree = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'rsm:CrossIndustryInvoice': {
      '@_xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
      '@_xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
      '@_xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
      '@_xmlns:xs': 'http://www.w3.org/2001/XMLSchema',
      '@_xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
      'rsm:ExchangedDocumentContext': {
        'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': 'B1' },
        'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': 'urn:cen.eu:en16931:2017' },
      },
      'rsm:ExchangedDocument': {
        'ram:ID': doc.number,
        'ram:TypeCode': typeCode(doc),
        'ram:IssueDateTime': day102(doc.issueDate),
        'ram:IncludedNote': notes.map((n) => ({ 'ram:Content': n.content, 'ram:SubjectCode': n.subject })),
      },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': lineItems(doc, tax),
        'ram:ApplicableHeaderTradeAgreement': {
          'ram:SellerTradeParty': {
            'ram:Name': seller.legalName,
            'ram:Description': `${seller.legalForm} au capital de ${String(seller.shareCapital).replace('.', ',')} € — RCS ${seller.rcsTown} ${seller.siren}`,
            'ram:SpecifiedLegalOrganization': { 'ram:ID': { '@_schemeID': '0002', '#text': seller.siren }, 'ram:TradingBusinessName': seller.brandName },
            'ram:PostalTradeAddress': address(seller.address),
            'ram:URIUniversalCommunication': { 'ram:URIID': { '@_schemeID': '0225', '#text': seller.siren } },
            'ram:SpecifiedTaxRegistration': { 'ram:ID': { '@_schemeID': 'VA', '#text': seller.vatNumber } },
          },
          'ram:BuyerTradeParty': {
            'ram:Name': buyer.name,
            ...(french ? { 'ram:SpecifiedLegalOrganization': { 'ram:ID': { '@_schemeID': '0002', '#text': buyer.siren } } } : {}),
            'ram:PostalTradeAddress': address(buyer.address),
            'ram:URIUniversalCommunication': {
              'ram:URIID': french ? { '@_schemeID': '0225', '#text': buyer.siren } : { '@_schemeID': 'EM', '#text': buyer.email ?? seller.email },
            },
            ...(buyer.vatNumber && vat.category !== 'G'
              ? { 'ram:SpecifiedTaxRegistration': { 'ram:ID': { '@_schemeID': 'VA', '#text': buyer.vatNumber } } }
              : {}),
          },
          ...(doc.orderNumber ? { 'ram:BuyerOrderReferencedDocument': { 'ram:IssuerAssignedID': doc.orderNumber } } : {}),
        },
        'ram:ApplicableHeaderTradeDelivery': {
          // BR-IC-12: the deliver-to country (the delivery address, else the billing one).
          'ram:ShipToTradeParty': {
            'ram:Name': buyer.deliveryName ? `${buyer.name} — ${buyer.deliveryName}` : buyer.name,
            'ram:PostalTradeAddress': address(buyer.deliveryAddress ?? buyer.address),
          },
          ...(doc.deliveryDate ? { 'ram:ActualDeliverySupplyChainEvent': { 'ram:OccurrenceDateTime': day102(doc.deliveryDate) } } : {}),
        },
        'ram:ApplicableHeaderTradeSettlement': headerSettlement(doc),
      },
    },
  };
  return builder.build(tree) as string;
}

/** UNTDID 1001: a commercial invoice 380, a credit note 381, a prepayment (deposit) invoice 386. */
export function typeCode(doc: Pick<IssuedDocument, 'type' | 'purpose'>): '380' | '381' | '386' {
  if (doc.type === 'creditNote') return '381';
  return doc.purpose === 'deposit' ? '386' : '380';
}

/** A VAT rate as the French rules want it: at most 2 decimals, no trailing zeros (20, 5.5, 2.1). */
export function formatRate(rate: number): string {
  return String(Math.round(rate * 100) / 100);
}

export function paymentTermsText(seller: InvoicingSettingsInput): string {
  if (seller.paymentDays === 0) return 'Paiement à réception de facture, par virement.';
  return `Paiement à ${seller.paymentDays} jours${seller.endOfMonth ? ' fin de mois' : ''} à compter de la date de facture, par virement.`;
}

/** The document's lines, each with its product, price, quantity and tax. */
function lineItems(doc: IssuedDocument, tax: Record<string, string>) {
  return doc.lines.map((line, i) => ({
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': String(i + 1) },
    'ram:SpecifiedTradeProduct': {
      ...(line.reference ? { 'ram:SellerAssignedID': line.reference } : {}),
      'ram:Name': [line.product, [line.colour, line.size].filter(Boolean).join(', ')].filter(Boolean).join(' — '),
    },
    'ram:SpecifiedLineTradeAgreement': {
      // A company's discount (issue 47): the gross price with its price discount, then the net price (BR-26: net = gross − discount).
      ...(line.listPriceCents && line.listPriceCents > line.unitPriceCents
        ? {
            'ram:GrossPriceProductTradePrice': {
              'ram:ChargeAmount': amount(line.listPriceCents),
              'ram:AppliedTradeAllowanceCharge': {
                'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
                'ram:ActualAmount': amount(line.listPriceCents - line.unitPriceCents),
              },
            },
          }
        : {}),
      'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': amount(line.unitPriceCents) },
    },
    'ram:SpecifiedLineTradeDelivery': {
      'ram:BilledQuantity': { '@_unitCode': line.kind === 'goods' ? 'H87' : 'C62', '#text': line.quantity.toFixed(2) },
    },
    'ram:SpecifiedLineTradeSettlement': {
      'ram:ApplicableTradeTax': tax,
      'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': amount(line.totalCents) },
    },
  }));
}

/** How the document settles: the bank, the VAT per rate, the terms or the credited invoice, and the totals. */
function headerSettlement(doc: IssuedDocument) {
  const { seller, vat } = doc;
  const prepaid = doc.prepaidCents ?? 0;
  // A credit note's invoice, or every deposit invoice a parcel's invoice deducts (a complementary one too: issue 57).
  const preceding = doc.invoice ? [doc.invoice] : doc.deposit ? [doc.deposit, ...(doc.deposit.others ?? [])] : [];
  const currency = doc.currency ?? 'EUR';
  const foreign = currency !== 'EUR';
  return {
    // In another currency, VAT is also stated in euros, the French VAT's currency (BT-6, then BT-111 below).
    ...(foreign ? { 'ram:TaxCurrencyCode': 'EUR' } : {}),
    'ram:InvoiceCurrencyCode': currency,
    'ram:SpecifiedTradeSettlementPaymentMeans': {
      'ram:TypeCode': '58',
      'ram:PayeePartyCreditorFinancialAccount': { 'ram:IBANID': seller.iban },
      'ram:PayeeSpecifiedCreditorFinancialInstitution': { 'ram:BICID': seller.bic },
    },
    'ram:ApplicableTradeTax': doc.breakdown.map((b) => ({
      'ram:CalculatedAmount': amount(b.vatCents),
      'ram:TypeCode': 'VAT',
      ...(vat.exemption ? { 'ram:ExemptionReason': vat.exemption } : {}),
      'ram:BasisAmount': amount(b.baseCents),
      'ram:CategoryCode': vat.category,
      ...(vat.exemptionCode ? { 'ram:ExemptionReasonCode': vat.exemptionCode } : {}),
      'ram:RateApplicablePercent': formatRate(vat.rate),
    })),
    ...(doc.period ? { 'ram:BillingSpecifiedPeriod': { 'ram:StartDateTime': day102(doc.period.start), 'ram:EndDateTime': day102(doc.period.end) } } : {}),
    // BR-CO-25: a positive amount due needs a due date or terms; a credit note says how it settles.
    'ram:SpecifiedTradePaymentTerms': doc.dueDate
      ? { 'ram:Description': paymentTermsText(seller), 'ram:DueDateDateTime': day102(doc.dueDate) }
      : { 'ram:Description': `Avoir à imputer sur la facture ${doc.invoice?.number ?? ''} ou remboursé par virement.` },
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
      'ram:LineTotalAmount': amount(doc.totalExclCents),
      'ram:TaxBasisTotalAmount': amount(doc.totalExclCents),
      'ram:TaxTotalAmount': [
        { '@_currencyID': currency, '#text': amount(doc.totalVatCents) },
        ...(foreign ? [{ '@_currencyID': 'EUR', '#text': amount(doc.vatEurCents ?? 0) }] : []),
      ],
      'ram:GrandTotalAmount': amount(doc.totalInclCents),
      // BR-CO-16: due = grand total − what was paid on deposit.
      'ram:TotalPrepaidAmount': amount(prepaid),
      'ram:DuePayableAmount': amount(doc.totalInclCents - prepaid),
    },
    // A credit note's invoice, or the deposit invoice a parcel's invoice deducts (BT-25, BT-26).
    ...(preceding.length
      ? {
          'ram:InvoiceReferencedDocument': preceding.map((p) => ({
            'ram:IssuerAssignedID': p.number,
            'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '@_format': '102', '#text': p.issueDate.replaceAll('-', '') } },
          })),
        }
      : {}),
  };
}
