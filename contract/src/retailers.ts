import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';
import { z } from 'zod';

export const RETAILER_MESSAGES = defineMessages('retailer', {
  nameRequired: { en: 'Your name is required.', fr: 'Votre nom est obligatoire.' },
  emailInvalid: { en: 'Please enter a valid e-mail address.', fr: 'Veuillez saisir une adresse e-mail valide.' },
  messageRequired: { en: 'A message is required.', fr: 'Un message est obligatoire.' },
  consentRequired: {
    en: 'Please accept that we use your details to answer you.',
    fr: 'Merci d’accepter que nous utilisions vos coordonnées pour vous répondre.',
  },
  siretInvalid: { en: 'A SIRET number has 14 digits.', fr: 'Un numéro SIRET compte 14 chiffres.' },
  applicationNotFound: { en: 'This application does not exist (introuvable).', fr: 'Cette demande est introuvable.' },
  received: { en: 'Thank you, your request has been received.', fr: 'Merci, votre demande a bien été reçue.' },
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const name = z.string({ error: RETAILER_MESSAGES.nameRequired }).trim().min(1, { error: RETAILER_MESSAGES.nameRequired }).max(120);
const email = z
  .string({ error: RETAILER_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: RETAILER_MESSAGES.emailInvalid }));
const message = z.string({ error: RETAILER_MESSAGES.messageRequired }).trim().min(1, { error: RETAILER_MESSAGES.messageRequired }).max(5000);
const consent = z.literal(true, { error: RETAILER_MESSAGES.consentRequired });
/** Anti-spam: a field people never see; bots fill it. */
const honeypot = z.string().max(500).optional();

/** §2 retailer form: name, email, message, consent required; the rest optional. */
export const applicationInput = z.object({
  name,
  email,
  message,
  consent,
  company: optionalText(160),
  siret: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, '') : undefined))
    .refine((v) => v === undefined || /^\d{14}$/.test(v), { error: RETAILER_MESSAGES.siretInvalid }),
  phone: optionalText(40),
  shopType: optionalText(80),
  catalogOptIn: z.boolean().optional(),
  website: honeypot,
  lang: z.enum(['fr', 'en']).optional(),
});
export type ApplicationInput = z.infer<typeof applicationInput>;

/** §2 contact form: name, email, message and consent, all required. */
export const contactInput = z.object({ name, email, message, consent: consent.optional(), website: honeypot, lang: z.enum(['fr', 'en']).optional() });
export type ContactInput = z.infer<typeof contactInput>;

/** A message a visitor sent through the contact form, as the owner's inbox shows it (issue 43). */
export const contactMessage = z
  .object({ id: z.number(), name: z.string(), email: z.string(), message: z.string(), locale: z.enum(['fr', 'en']), createdAt: z.string() })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessage>;
/** `GET /api/admin/messages`: newest first, a page at a time; `q` finds a name, an e-mail or words of the message. */
export const contactMessageList = pageOf(contactMessage).meta({ id: 'ContactMessageList' });

export const APPLICATION_STATUSES = ['pending', 'accepted'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const application = z
  .object({
    id: z.number(),
    name: z.string(),
    company: z.string().nullable(),
    email: z.string(),
    siret: z.string().nullable(),
    phone: z.string().nullable(),
    shopType: z.string().nullable(),
    message: z.string(),
    catalogOptIn: z.boolean(),
    consent: z.boolean(),
    consentAt: z.string(),
    locale: z.enum(['fr', 'en']),
    status: z.enum(APPLICATION_STATUSES),
    createdAt: z.string(),
    acceptedAt: z.string().nullable(),
    acceptedBy: z.object({ email: z.string() }).nullable(),
    retailerEmail: z.string().nullable(),
    /** When the welcome mail carried the line sheet (the catalogue opt-in honoured at accept); null otherwise. */
    catalogSentAt: z.string().nullable(),
  })
  .meta({ id: 'StockistApplication' });
export type Application = z.infer<typeof application>;

/** A page of applications (spec §7: `data`; issue 43: `?limit=&page=&cursor=&q=`). */
export const applicationList = pageOf(application).meta({ id: 'StockistApplicationList' });
export const applicationStatusQuery = pageQuery.extend({ status: z.enum(APPLICATION_STATUSES).optional() });
