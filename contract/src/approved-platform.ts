import { defineMessages } from './messages.ts';
import { z } from 'zod';

/** Every sentence of the e-invoicing platform's settings and statuses. */
export const EINVOICING_MESSAGES = defineMessages('einvoicing', {
  urlInvalid: {
    en: 'The platform’s addresses are full https:// addresses (2,000 characters at most).',
    fr: 'Les adresses de la plateforme sont des adresses https:// complètes (2 000 caractères au plus).',
  },
  urlNeeded: { en: 'To turn the platform on, give its flow service address.', fr: 'Pour activer la plateforme, indiquez l’adresse de son service de flux.' },
  credentialsNeeded: {
    en: 'To turn the platform on, give its credentials (a client id and secret, or an API key).',
    fr: 'Pour activer la plateforme, indiquez ses identifiants (un identifiant client et son secret, ou une clé d’API).',
  },
  clientIdInvalid: { en: 'The client id is 200 characters at most.', fr: 'L’identifiant client compte 200 caractères au plus.' },
  secretInvalid: { en: 'The secret is 500 characters at most.', fr: 'Le secret compte 500 caractères au plus.' },
  off: {
    en: 'The e-invoicing platform is turned off: turn it on in the invoicing settings first.',
    fr: 'La plateforme de facturation électronique est désactivée : activez-la d’abord dans les réglages de facturation.',
  },
  notRejected: {
    en: 'Only a document the platform rejected, or could not take, is sent again.',
    fr: 'Seul un document que la plateforme a rejeté, ou n’a pas pu prendre, est renvoyé.',
  },
  unreachable: { en: 'The platform could not be reached:', fr: 'La plateforme n’a pas pu être jointe :' },
  garbage: { en: 'The platform answered something that is not its API’s answer:', fr: 'La plateforme a répondu autre chose qu’une réponse de son API :' },
  refusedCredentials: { en: 'The platform refused the credentials:', fr: 'La plateforme a refusé les identifiants :' },
  sirenInvalid: { en: 'A SIREN is 9 digits.', fr: 'Un SIREN compte 9 chiffres.' },
  checked: { en: 'The platform answered: the connection works.', fr: 'La plateforme a répondu : la connexion fonctionne.' },
});

/** Where a document stands with the approved platform, beside its payment status. */
export const PLATFORM_STATUSES = ['pending', 'submitted', 'rejected', 'refused', 'paid'] as const;
export type PlatformStatus = (typeof PLATFORM_STATUSES)[number];

/** A document's state with the platform (admin answers only). */
export const invoicePlatform = z
  .object({
    status: z.enum(PLATFORM_STATUSES),
    /** The platform's reason for a rejection or the buyer's for a refusal; the last error while it waits. */
    reason: z.string().nullable(),
    flowId: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'InvoicePlatform' });
export type InvoicePlatform = z.infer<typeof invoicePlatform>;

const httpsUrl = z
  .string({ error: EINVOICING_MESSAGES.urlInvalid })
  .trim()
  .max(2000, { error: EINVOICING_MESSAGES.urlInvalid })
  .refine((v) => v === '' || (URL.canParse(v) && new URL(v).protocol === 'https:' && !new URL(v).username), { error: EINVOICING_MESSAGES.urlInvalid });

/** `PUT /api/admin/invoicing/platform`. An empty or absent `secret` keeps the one saved. */
export const platformSettingsInput = z
  .object({
    enabled: z.boolean(),
    /** The flow service's base address (`…/v1/flows` is under it), e.g. https://api.flow.my-platform.fr/flow-service. */
    url: httpsUrl,
    /** OAuth2 client-credentials token address; empty: the secret is an API key sent as a bearer token. */
    tokenUrl: httpsUrl.default(''),
    clientId: z.string({ error: EINVOICING_MESSAGES.clientIdInvalid }).trim().max(200, { error: EINVOICING_MESSAGES.clientIdInvalid }).default(''),
    secret: z.string({ error: EINVOICING_MESSAGES.secretInvalid }).max(500, { error: EINVOICING_MESSAGES.secretInvalid }).optional(),
    /** Send "Encaissée" (212) when an invoice is paid in full. */
    sendCashed: z.boolean().default(true),
  })
  .refine((v) => !v.enabled || v.url !== '', { error: EINVOICING_MESSAGES.urlNeeded });
export type PlatformSettingsInput = z.input<typeof platformSettingsInput>;

/** The settings as the owner sees them again: never the secret. */
export const platformSettings = z
  .object({
    enabled: z.boolean(),
    url: z.string(),
    tokenUrl: z.string(),
    clientId: z.string(),
    secretSet: z.boolean(),
    sendCashed: z.boolean(),
    /** Documents issued from then on are submitted (none issued before). */
    enabledAt: z.string().nullable(),
  })
  .meta({ id: 'PlatformSettings' });
export type PlatformSettings = z.infer<typeof platformSettings>;

export const platformCheck = z.object({ message: z.string() });
export const sirenQuery = z.object({
  siren: z
    .string({ error: EINVOICING_MESSAGES.sirenInvalid })
    .trim()
    .regex(/^\d{9}$/, { error: EINVOICING_MESSAGES.sirenInvalid }),
});
/** The platform directory's answer for a SIREN: known (and reachable through an approved platform) or not. */
export const sirenLookup = z.object({ siren: z.string(), found: z.boolean(), name: z.string().nullable() }).meta({ id: 'SirenLookup' });
