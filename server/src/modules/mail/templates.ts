import type { Brand, Brand as PublicBrand, Locale } from '@atelier/contract';

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
  const signature = locale === 'fr' ? `À très vite,\n${brand.name}` : `Warm regards,\n${brand.name}`;
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

export function passwordResetMail(brand: PublicBrand, locale: Locale, link: string): MailContent {
  return locale === 'fr'
    ? layout(
        brand,
        locale,
        `${brand.name} · Réinitialiser votre mot de passe`,
        [
          'Bonjour,',
          'Vous avez demandé à réinitialiser le mot de passe de votre compte. Ce lien est valable une heure et ne sert qu’une fois.',
          'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : votre mot de passe reste inchangé.',
        ],
        { label: 'Choisir un nouveau mot de passe', url: link },
      )
    : layout(
        brand,
        locale,
        `${brand.name} · Reset your password`,
        [
          'Hello,',
          'You asked to reset the password of your account. This link is valid for one hour and works only once.',
          'If you did not ask for this, simply ignore this message: your password stays unchanged.',
        ],
        { label: 'Choose a new password', url: link },
      );
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
  const lineSheet =
    lineSheetUrl === null
      ? undefined
      : locale === 'fr'
        ? {
            paragraphs: [
              'Vous nous avez demandé notre catalogue revendeur : une fois votre mot de passe choisi, connectez-vous pour télécharger le catalogue de la saison (styles, coloris, tailles, prix revendeur et prix conseillés, conditions de vente) depuis votre espace.',
            ],
            link: { label: 'Télécharger le catalogue revendeur', url: lineSheetUrl },
          }
        : {
            paragraphs: [
              'You asked for our trade catalogue: once your password is chosen, sign in to download the season’s line sheet (styles, colours, sizes, trade and recommended retail prices, terms of trade) from your account.',
            ],
            link: { label: 'Download the line sheet', url: lineSheetUrl },
          };
  return locale === 'fr'
    ? layout(
        brand,
        locale,
        `${brand.name} · Votre compte revendeur est ouvert`,
        [
          `Bonjour ${name},`,
          'Merci pour votre demande : nous sommes heureux de vous compter parmi nos revendeurs.',
          `Votre identifiant de connexion est : ${email}`,
          'Choisissez votre mot de passe avec le lien ci-dessous. Il est valable 7 jours et ne sert qu’une fois ; ensuite, vous verrez nos prix revendeur et les tailles disponibles.',
        ],
        { label: 'Choisir mon mot de passe', url: link },
        lineSheet,
      )
    : layout(
        brand,
        locale,
        `${brand.name} · Your stockist account is open`,
        [
          `Hello ${name},`,
          'Thank you for your request: we are glad to welcome you among our stockists.',
          `Your sign-in e-mail is: ${email}`,
          'Choose your password with the link below. It is valid for 7 days and works once; then you will see our trade prices and the available sizes.',
        ],
        { label: 'Choose my password', url: link },
        lineSheet,
      );
}

/** To a sales agent the owner invites (issue 34): what the account is for, and the set-password link. */
export function agentInvitationMail(brand: Brand, locale: Locale, name: string, email: string, link: string): MailContent {
  return locale === 'fr'
    ? layout(
        brand,
        locale,
        `${brand.name} · Votre compte d’agent commercial`,
        [
          `Bonjour ${name},`,
          `${brand.name} vous ouvre un compte d’agent commercial : vous y verrez la collection avec les prix revendeur, le stock et la saison, pour prendre les commandes de nos revendeurs.`,
          `Votre identifiant de connexion est : ${email}`,
          'Choisissez votre mot de passe avec le lien ci-dessous. Il est valable 7 jours et ne sert qu’une fois.',
        ],
        { label: 'Choisir mon mot de passe', url: link },
      )
    : layout(
        brand,
        locale,
        `${brand.name} · Your sales agent account`,
        [
          `Hello ${name},`,
          `${brand.name} opens a sales agent account for you: the collection with trade prices, stock and the season, to take our stockists’ orders.`,
          `Your sign-in e-mail is: ${email}`,
          'Choose your password with the link below. It is valid for 7 days and works once.',
        ],
        { label: 'Choose my password', url: link },
      );
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
  const total = locale === 'fr' ? `${order.pieces} pièces · total HT ${order.total}` : `${order.pieces} pieces · total excl. VAT ${order.total}`;
  return [...lines, total].join('\n');
}

/** To the retailer: their order was sent, with its summary. */
export function orderSubmittedMail(brand: Brand, locale: Locale, order: OrderMailData): MailContent {
  return locale === 'fr'
    ? layout(
        brand,
        locale,
        `${brand.name} · Commande ${order.number} reçue`,
        [
          'Bonjour,',
          `Merci pour votre commande ${order.number} : nous l’avons bien reçue et la confirmons au plus vite avec une date d’expédition.`,
          orderSummary(order, locale),
          ...(order.note ? [`Votre note : ${order.note}`] : []),
        ],
        { label: 'Voir ma commande', url: order.url },
      )
    : layout(
        brand,
        locale,
        `${brand.name} · Order ${order.number} received`,
        [
          'Hello,',
          `Thank you for your order ${order.number}: we have received it and will confirm it soon with a ship date.`,
          orderSummary(order, locale),
          ...(order.note ? [`Your note: ${order.note}`] : []),
        ],
        { label: 'See my order', url: order.url },
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
export function orderStatusMail(
  brand: Brand,
  locale: Locale,
  order: OrderMailData,
  change:
    | { status: 'confirmed'; shipDate: string }
    | { status: 'shipped'; carrier: string | null; tracking: string | null }
    | { status: 'cancelled'; reason: string; byStockist: boolean },
): MailContent {
  const fr = locale === 'fr';
  let subject: string;
  let paragraphs: string[];
  if (change.status === 'confirmed') {
    subject = fr ? `Commande ${order.number} confirmée` : `Order ${order.number} confirmed`;
    paragraphs = [
      fr
        ? `Votre commande ${order.number} est confirmée. Expédition prévue le ${change.shipDate}.`
        : `Your order ${order.number} is confirmed. Expected ship date: ${change.shipDate}.`,
      orderSummary(order, locale),
    ];
  } else if (change.status === 'shipped') {
    const how = [change.carrier, change.tracking].filter(Boolean).join(' · ');
    subject = fr ? `Commande ${order.number} expédiée` : `Order ${order.number} shipped`;
    paragraphs = [
      fr ? `Votre commande ${order.number} est partie de l’atelier.` : `Your order ${order.number} has left the workshop.`,
      ...(how ? [fr ? `Transporteur et suivi : ${how}` : `Carrier and tracking: ${how}`] : []),
    ];
  } else {
    subject = fr ? `Commande ${order.number} annulée` : `Order ${order.number} cancelled`;
    paragraphs = change.byStockist
      ? [fr ? `Votre commande ${order.number} est annulée, comme vous l’avez demandé.` : `Your order ${order.number} is cancelled, as you asked.`]
      : [
          fr ? `Nous avons dû annuler votre commande ${order.number}.` : `We had to cancel your order ${order.number}.`,
          fr ? `Motif : ${change.reason}` : `Reason: ${change.reason}`,
        ];
  }
  return layout(brand, locale, `${brand.name} · ${subject}`, [fr ? 'Bonjour,' : 'Hello,', ...paragraphs], {
    label: fr ? 'Voir ma commande' : 'See my order',
    url: order.url,
  });
}

export type SecurityEvent = 'passkeyAdded' | 'passkeyRemoved' | 'totpAdded' | 'totpRemoved' | 'recoveryUsed' | 'recoveryRenewed' | 'factorsReset';

const SECURITY_WORDS: Record<SecurityEvent, Record<Locale, [subject: string, line: string]>> = {
  passkeyAdded: {
    fr: ['Une clé d’accès a été ajoutée', 'Une clé d’accès nommée « {} » a été ajoutée à votre compte.'],
    en: ['A passkey was added', 'A passkey named “{}” was added to your account.'],
  },
  passkeyRemoved: {
    fr: ['Une clé d’accès a été retirée', 'La clé d’accès « {} » a été retirée de votre compte.'],
    en: ['A passkey was removed', 'The passkey “{}” was removed from your account.'],
  },
  totpAdded: {
    fr: [
      'Application d’authentification ajoutée',
      'Une application d’authentification a été configurée : la connexion par mot de passe demande désormais son code.',
    ],
    en: ['Authenticator app added', 'An authenticator app was set up: signing in with your password now asks for its code.'],
  },
  totpRemoved: {
    fr: ['Application d’authentification retirée', 'L’application d’authentification a été retirée de votre compte.'],
    en: ['Authenticator app removed', 'The authenticator app was removed from your account.'],
  },
  recoveryUsed: {
    fr: ['Un code de secours a servi', 'Un code de secours vient de servir à vous connecter. Il en reste {}.'],
    en: ['A recovery code was used', 'A recovery code was just used to sign in to your account. {} are left.'],
  },
  recoveryRenewed: {
    fr: ['Nouveaux codes de secours', 'De nouveaux codes de secours ont été créés ; les anciens ne servent plus.'],
    en: ['New recovery codes', 'New recovery codes were made; the old ones no longer work.'],
  },
  factorsReset: {
    fr: [
      'Seconds facteurs retirés',
      'Vos clés d’accès, votre application d’authentification et vos codes de secours ont été retirés par l’administrateur du site.',
    ],
    en: ['Second factors removed', 'Your passkeys, authenticator app and recovery codes were removed by the site’s administrator.'],
  },
};

/** To an account holder: a sign-in factor was added, removed or used. */
export function securityMail(brand: PublicBrand, locale: Locale, event: SecurityEvent, detail: string, securityUrl: string): MailContent {
  const [subject, line] = SECURITY_WORDS[event][locale];
  const text = line.replace('{}', detail);
  return locale === 'fr'
    ? layout(
        brand,
        locale,
        `${brand.name} · ${subject}`,
        [
          'Bonjour,',
          text,
          'Si ce n’est pas vous, changez votre mot de passe tout de suite et retirez ce que vous ne reconnaissez pas dans la sécurité de votre compte.',
        ],
        { label: 'Sécurité du compte', url: securityUrl },
      )
    : layout(
        brand,
        locale,
        `${brand.name} · ${subject}`,
        ['Hello,', text, 'If this was not you, change your password at once and remove what you do not recognise in your account’s security.'],
        { label: 'Account security', url: securityUrl },
      );
}

/** To the retailer, in their language, on the 1st and 15th day past an invoice's due date. */
export function invoiceReminderMail(
  brand: Brand,
  locale: Locale,
  invoice: { number: string; dueDate: string; due: string; stage: 1 | 15; iban: string; url: string },
): MailContent {
  const fr = locale === 'fr';
  const subject = fr
    ? `${invoice.stage === 1 ? 'Rappel' : 'Second rappel'} : facture ${invoice.number} échue`
    : `${invoice.stage === 1 ? 'Reminder' : 'Second reminder'}: invoice ${invoice.number} is past due`;
  const paragraphs = [
    fr ? 'Bonjour,' : 'Hello,',
    fr
      ? `Sauf erreur de notre part, la facture ${invoice.number}, échue le ${invoice.dueDate}, reste à régler : ${invoice.due}.`
      : `Unless we are mistaken, invoice ${invoice.number}, due on ${invoice.dueDate}, is still to be paid: ${invoice.due}.`,
    fr
      ? `Règlement par virement sur l’IBAN ${invoice.iban}, en indiquant le numéro de facture.`
      : `Please pay by bank transfer to IBAN ${invoice.iban}, quoting the invoice number.`,
    fr ? 'Si le paiement est déjà parti, merci de ne pas tenir compte de ce message.' : 'If the payment is already on its way, please disregard this message.',
  ];
  return layout(brand, locale, `${brand.name} · ${subject}`, paragraphs, { label: fr ? 'Voir mes factures' : 'See my invoices', url: invoice.url });
}
