import type { Brand, Brand as PublicBrand, Locale, ReturnRecord } from '@atelier/contract';
import { MAIL_WORDS, type MailWording, type MailWords, type OrderChange, type SecurityEvent } from './words.ts';

export type { SecurityEvent } from './words.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One layout for every mail: a sober text version and the same words in HTML. */
export function layout(
  brand: PublicBrand,
  locale: Locale,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  after?: { paragraphs: string[]; link: { label: string; url: string } },
): MailContent {
  const signature = MAIL_WORDS[locale].signature(brand.name);
  const footer = `${brand.name} · ${brand.email} · ${brand.publicUrl}`;
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(after ? [...after.paragraphs, `${after.link.label}: ${after.link.url}`] : []),
    signature,
    '--',
    footer,
  ].join('\n\n');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f7f2ea;color:#2b2620;font-family:Georgia,serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-size:22px;letter-spacing:.08em;text-transform:uppercase;margin:0 0 24px">${escapeHtml(brand.name)}</p>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.6;white-space:pre-line">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#9a4a2c;color:#fff;padding:12px 20px;text-decoration:none;border-radius:2px">${escapeHtml(action.label)}</a></p>` : ''}
${
  after
    ? `${after.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.6">${escapeHtml(p)}</p>`).join('\n')}
<p style="font-size:16px;line-height:1.6"><a href="${escapeHtml(after.link.url)}" style="color:#9a4a2c">${escapeHtml(after.link.label)}</a></p>`
    : ''
}
<p style="font-size:16px;line-height:1.6;white-space:pre-line">${escapeHtml(signature)}</p>
<p style="font-size:12px;color:#5f574c;border-top:1px solid #d9cfc0;padding-top:12px">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject, text, html };
}

/** A mail from its words in the recipient's language, under the brand's name. */
export function worded(brand: PublicBrand, locale: Locale, words: MailWording, after?: Parameters<typeof layout>[5]): MailContent {
  return layout(brand, locale, `${brand.name} · ${words.subject}`, words.paragraphs, words.action, after);
}

export function passwordResetMail(brand: PublicBrand, locale: Locale, link: string): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].passwordReset(brand.name, link));
}

/** To the brand: a new retailer application (in the brand's language, French). */
export function applicationNotice(
  brand: Brand,
  a: { name: string; email: string; company?: string; siret?: string; phone?: string; shopType?: string; message: string; catalogOptIn?: boolean },
  adminUrl: string,
): MailContent {
  const lines = [
    `Nouvelle demande revendeur de ${a.name} <${a.email}>.`,
    [
      a.company && `Boutique : ${a.company}`,
      a.siret && `SIRET : ${a.siret}`,
      a.phone && `Téléphone : ${a.phone}`,
      a.shopType && `Type : ${a.shopType}`,
      `Catalogue : ${a.catalogOptIn ? 'oui' : 'non'}`,
    ]
      .filter(Boolean)
      .join('\n'),
    `Message :\n${a.message}`,
  ];
  return layout(brand, 'fr', `${brand.name} · Nouvelle demande revendeur : ${a.company ?? a.name}`, lines, { label: 'Voir les demandes', url: adminUrl });
}

/** To the brand: a message from the contact form. */
export function contactNotice(brand: Brand, c: { name: string; email: string; message: string }): MailContent {
  return layout(brand, 'fr', `${brand.name} · Message de ${c.name}`, [
    `Message de ${c.name} <${c.email}> :`,
    c.message,
    'Répondez directement à cette adresse.',
  ]);
}

/**
 * To the applicant: accepted, their sign-in e-mail and a single-use link to set their password;
 * with the catalogue opt-in, a link to the account page where the line sheet is downloaded.
 */
export function acceptanceMail(brand: Brand, locale: Locale, name: string, email: string, link: string, lineSheetUrl: string | null = null): MailContent {
  const words = MAIL_WORDS[locale];
  return worded(brand, locale, words.acceptance({ name, email, link }), lineSheetUrl === null ? undefined : words.lineSheetOffer(lineSheetUrl));
}

/** To a sales agent the owner invites (issue 34): what the account is for, and the set-password link. */
export function agentInvitationMail(brand: Brand, locale: Locale, name: string, email: string, link: string): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].agentInvitation({ brandName: brand.name, name, email, link }));
}

/** To a colleague a company's admin (or the owner) invited: a set-password link (issue 46). */
export function personInvitationMail(
  brand: Brand,
  locale: Locale,
  p: { name: string; email: string; company: string; role: 'admin' | 'buyer' | 'accounts'; link: string },
): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].personInvitation({ brandName: brand.name, ...p }));
}

/** An order as the mails tell it (already in the recipient's language). */
export interface OrderMailData {
  number: string;
  shop: string;
  lines: Array<{ title: string; colour: string; size: string; quantity: number; total: string }>;
  pieces: number;
  total: string;
  note: string | null;
  url: string;
}

function orderSummary(order: OrderMailData, locale: Locale): string {
  const lines = order.lines.map((l) => `· ${l.title} — ${l.colour}, ${l.size} × ${l.quantity} = ${l.total}`);
  return [...lines, MAIL_WORDS[locale].orderTotal(order.pieces, order.total)].join('\n');
}

/** To the retailer: their order was sent, with its summary. */
export function orderSubmittedMail(brand: Brand, locale: Locale, order: OrderMailData): MailContent {
  return worded(
    brand,
    locale,
    MAIL_WORDS[locale].orderSubmitted({ number: order.number, summary: orderSummary(order, locale), note: order.note, url: order.url }),
  );
}

/** To the brand (in French): a new order to confirm. */
export function orderNotice(brand: Brand, order: OrderMailData): MailContent {
  return layout(
    brand,
    'fr',
    `${brand.name} · Nouvelle commande ${order.number} : ${order.shop}`,
    [`Nouvelle commande ${order.number} de ${order.shop}.`, orderSummary(order, 'fr'), ...(order.note ? [`Note : ${order.note}`] : [])],
    { label: 'Voir la commande', url: order.url },
  );
}

/** To the retailer: their order moved (confirmed with its ship date, shipped, cancelled with the reason). */
export function orderStatusMail(brand: Brand, locale: Locale, order: OrderMailData, change: OrderChange): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].orderStatus({ number: order.number, summary: orderSummary(order, locale), url: order.url, change }));
}

/** To an account holder: a sign-in factor was added, removed or used. */
export function securityMail(brand: PublicBrand, locale: Locale, event: SecurityEvent, detail: string, securityUrl: string): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].security(event, detail, securityUrl));
}

/** To the retailer, in their language, on the 1st and 15th day past an invoice's due date. */
export function invoiceReminderMail(
  brand: Brand,
  locale: Locale,
  invoice: { number: string; dueDate: string; due: string; stage: 1 | 15; iban: string; url: string },
): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].invoiceReminder(invoice));
}

/** A deposit invoice (issue 47): to the company's accounts person in the order's language, its PDF attached by the caller. */
export function depositInvoiceMail(
  brand: Brand,
  locale: Locale,
  deposit: { number: string; order: string; percent: number; amount: string; iban: string; hold: boolean; url: string },
): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].depositInvoice(deposit));
}

/** A parcel's invoice (issue 56): to the company's accounts person in the order's language, its PDF attached by the caller. */
export function invoiceIssuedMail(brand: Brand, locale: Locale, invoice: Parameters<MailWords['invoiceIssued']>[0]): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].invoiceIssued(invoice));
}

/** A return's step (issue 45): to the shop in its language, or to the owner when a return is asked. */
export function returnMail(brand: Brand, locale: Locale, record: ReturnRecord, url: string, forBrand = false): MailContent {
  const step = record.status;
  const count = (l: ReturnRecord['lines'][number]) => (step === 'received' ? (l.received ?? 0) : step === 'accepted' ? (l.accepted ?? 0) : l.quantity);
  const pieces = record.lines
    .filter((l) => count(l) > 0)
    .map((l) => `· ${l.productTitle} — ${l.colorName}, ${l.size} × ${count(l)}`)
    .join('\n');
  return worded(
    brand,
    locale,
    MAIL_WORDS[locale].returnStatus({
      number: record.number,
      order: record.order.number,
      status: step,
      pieces,
      instructions: record.instructions,
      refusal: record.refusal,
      creditNote: record.creditNote?.number ?? null,
      url,
      forBrand,
    }),
  );
}

/** A change of an order decided or made by the label (issue 57): to the shop, in the order's language. */
export function allocatedMail(brand: Brand, locale: Locale, allocation: Parameters<MailWords['allocated']>[0]): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].allocated(allocation));
}

export function waitlistOfferMail(brand: Brand, locale: Locale, offer: Parameters<MailWords['waitlistOffer']>[0]): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].waitlistOffer(offer));
}

export function proposalMail(brand: Brand, locale: Locale, proposal: Parameters<MailWords['proposalWritten']>[0]): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].proposalWritten(proposal));
}

export function orderChangedMail(brand: Brand, locale: Locale, change: Parameters<MailWords['orderChanged']>[0]): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].orderChanged(change));
}

export function debitNoticeMail(brand: Brand, locale: Locale, notice: Parameters<MailWords['debitNotice']>[0]): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].debitNotice(notice));
}

export function paymentReturnedMail(brand: Brand, locale: Locale, back: Parameters<MailWords['paymentReturned']>[0]): MailContent {
  return worded(brand, locale, MAIL_WORDS[locale].paymentReturned(back));
}
