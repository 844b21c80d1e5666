/**
 * What the site needs from an approved e-invoicing platform (plateforme agréée), whichever it is:
 * hand it a document, read what became of it, tell it a payment, look a buyer up. One implementation
 * today, the AFNOR XP Z12-013 flow API (xpz12013.ts); another platform's own API would be another.
 */
export interface PlatformDocument {
  number: string;
  type: 'invoice' | 'creditNote';
  issueDate: string;
  /** The stored Factur-X PDF, as issued. */
  pdf: Buffer;
}

/** What the platform reports about a submitted document. */
export interface PlatformEvent {
  kind: 'rejected' | 'refused' | 'paid';
  reason: string | null;
}

export interface CashedStatus {
  flowId: string;
  number: string;
  issueDate: string;
  paidOn: string;
  amountCents: number;
  seller: { siren: string; name: string };
  buyer: { siren: string | null; name: string };
}

export interface EInvoicingPlatform {
  /** Deposits the document; answers the platform's id for it. */
  submit(doc: PlatformDocument): Promise<{ flowId: string }>;
  /** What happened to it since `seen` (the status flows already read). */
  follow(flowId: string, trackingId: string, seen: string[]): Promise<{ events: PlatformEvent[]; seen: string[] }>;
  /** Tells the platform the invoice is paid ("Encaissée"). */
  sendCashed(status: CashedStatus): Promise<void>;
  /** The directory's entry for a SIREN. */
  lookup(siren: string): Promise<{ found: boolean; name: string | null }>;
  /** Answers when the platform answers. */
  check(): Promise<void>;
}

/**
 * A call that did not work. `final`: the platform refused the document itself (it is rejected, with
 * the platform's reason); otherwise it is tried again later (no answer, a 5xx, an answer that is not
 * the API's, refused credentials).
 */
export class PlatformError extends Error {
  readonly kind: 'unreachable' | 'garbage' | 'credentials' | 'refused';
  readonly final: boolean;
  constructor(kind: PlatformError['kind'], detail: string) {
    super(detail.slice(0, 500));
    this.kind = kind;
    this.final = kind === 'refused';
  }
}
