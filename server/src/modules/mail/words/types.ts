// The shape of a mail's words, one catalogue per language (en.ts, fr.ts; ../words.ts chooses).

/** A mail's words before its layout: the subject (after the brand's name), its paragraphs, its button. */
export interface MailWording {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

export type SecurityEvent = 'passkeyAdded' | 'passkeyRemoved' | 'totpAdded' | 'totpRemoved' | 'recoveryUsed' | 'recoveryRenewed' | 'factorsReset';

export type OrderChange =
  | { status: 'confirmed'; shipDate: string }
  | {
      status: 'shipped';
      carrier: string | null;
      tracking: string | null;
      trackingUrl: string | null;
      /** A parcel of an order shipped in parts (issue 45): its number, what it holds and what follows (one "· …" line each). */
      parcel?: { number: string; pieces: string; toFollow: string | null; followDate: string | null };
    }
  | { status: 'cancelled'; reason: string; byStockist: boolean }
  /** What was left of a partly shipped order will not follow. */
  | { status: 'restCancelled'; reason: string; pieces: string };

/**
 * Every sentence of the mails to retailers, agents and account holders, one catalogue per language
 * (words/en.ts, words/fr.ts; issue 44): the templates (templates.ts) choose the recipient's and lay it out.
 */
export interface MailWords {
  signature(brandName: string): string;
  passwordReset(brandName: string, link: string): MailWording;
  acceptance(p: { name: string; email: string; link: string }): MailWording;
  lineSheetOffer(url: string): { paragraphs: string[]; link: { label: string; url: string } };
  agentInvitation(p: { brandName: string; name: string; email: string; link: string }): MailWording;
  /** A colleague invited to a shop's company account (issue 46). */
  personInvitation(p: { brandName: string; name: string; email: string; company: string; role: 'admin' | 'buyer' | 'accounts'; link: string }): MailWording;
  orderTotal(pieces: number, total: string): string;
  orderSubmitted(p: { number: string; summary: string; note: string | null; url: string }): MailWording;
  orderStatus(p: { number: string; summary: string; url: string; change: OrderChange }): MailWording;
  security(event: SecurityEvent, detail: string, url: string): MailWording;
  showroomOrder(p: { numbers: string; takenBy: string; pieces: number; total: string; url: string }): MailWording;
  /** A return's step (issue 45), to the shop; `forBrand`: the owner told of a new request. */
  returnStatus(p: {
    number: string;
    order: string;
    status: 'requested' | 'accepted' | 'refused' | 'received';
    pieces: string;
    instructions: string | null;
    refusal: string | null;
    creditNote: string | null;
    url: string;
    forBrand: boolean;
  }): MailWording;
  invoiceReminder(p: { number: string; dueDate: string; due: string; stage: 1 | 15; iban: string; url: string }): MailWording;
  depositInvoice(p: { number: string; order: string; percent: number; amount: string; iban: string; hold: boolean; url: string }): MailWording;
  /** A parcel's invoice (issue 56), its Factur-X PDF attached; `parcel` null for an order invoiced whole. */
  /** A change of an order decided (issue 57): the lines accepted and refused (each "Robe Lina — Rouille, M: 2 → 4"), the revision made, the reason. */
  orderChanged(p: {
    order: string;
    revision: number | null;
    accepted: string[];
    refused: string[];
    reason: string | null;
    byBrand: boolean;
    url: string;
  }): MailWording;
  /** Short production allocated (issue 58): what comes (each "Robe Lina — Rouille, M: 3 of 4"), what follows and when, or what is cancelled. */
  allocated(p: { order: string; comes: string[]; short: string[]; cancel: boolean; followDate: string | null; url: string }): MailWording;
  /** Pieces a shop waited for came back (issue 58): held for it until `until`. */
  waitlistOffer(p: { piece: string; quantity: number; until: string; url: string }): MailWording;
  /** A SEPA direct debit announced to the shop before it is collected (issue 59). */
  debitNotice(p: { amount: string; collectOn: string; rum: string; iban: string; creditorId: string; invoices: string[] }): MailWording;
  /** A payment came back (a returned direct debit, a bounced transfer): to the owner (issue 59). */
  paymentReturned(p: { invoice: string; company: string; amount: string; reason: string; url: string }): MailWording;
  /** A proposal the label wrote for the shop (issue 57). */
  proposalWritten(p: { pieces: number; total: string; expiresOn: string; message: string | null; url: string }): MailWording;
  invoiceIssued(p: {
    number: string;
    order: string;
    parcel: string | null;
    amount: string;
    dueDate: string;
    iban: string;
    prepaid: string | null;
    url: string;
  }): MailWording;
}
