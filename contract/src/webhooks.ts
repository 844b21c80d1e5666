import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';

/** Every sentence the webhooks can send. */
export const WEBHOOK_MESSAGES = defineMessages('webhook', {
  urlInvalid: {
    en: 'A webhook address is a full https:// address (2,000 characters at most).',
    fr: 'L’adresse d’un webhook est une adresse https:// complète (2 000 caractères au plus).',
    field: '/url',
  },
  urlPrivate: {
    en: 'This address leads inside a private network (loopback, private or link-local): the site sends nothing there.',
    fr: 'Cette adresse mène dans un réseau privé (boucle locale, privé ou lien local) : le site n’y envoie rien.',
    field: '/url',
  },
  urlUnknown: { en: 'This address’s host name could not be found.', fr: 'Le nom d’hôte de cette adresse est introuvable.', field: '/url' },
  eventsInvalid: {
    en: 'Choose at least one event among those the site sends.',
    fr: 'Choisissez au moins un événement parmi ceux que le site envoie.',
    field: '/events',
  },
  descriptionInvalid: { en: 'The description is 200 characters at most.', fr: 'La description compte 200 caractères au plus.', field: '/description' },
  endpointNotFound: { en: 'This webhook endpoint does not exist (introuvable).', fr: 'Ce point de réception de webhooks est introuvable.' },
  deliveryNotFound: { en: 'This delivery does not exist (introuvable).', fr: 'Cet envoi est introuvable.' },
  endpointDisabled: {
    en: 'This endpoint is turned off: turn it on before sending again.',
    fr: 'Ce point de réception est désactivé : activez-le avant de renvoyer.',
  },
});

/** What the site tells an endpoint about (issue 35). Names follow the API's words. */
export const WEBHOOK_EVENTS = [
  'order.submitted',
  'order.confirmed',
  'order.shipped',
  'order.cancelled',
  'order.review',
  'order.changed',
  'shipment.created',
  'return.requested',
  'return.accepted',
  'return.refused',
  'return.received',
  'invoice.issued',
  'credit_note.issued',
  'payment.recorded',
  'stock.changed',
  'stockist.approved',
  'company.created',
  'company.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'stopped'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** `POST /api/admin/webhooks`, `PUT /api/admin/webhooks/:id`. */
export const webhookInput = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlInvalid })
    .trim()
    .max(2000, { error: WEBHOOK_MESSAGES.urlInvalid })
    .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:' && !new URL(v).username && !new URL(v).password, { error: WEBHOOK_MESSAGES.urlInvalid }),
  description: z.string({ error: WEBHOOK_MESSAGES.descriptionInvalid }).trim().max(200, { error: WEBHOOK_MESSAGES.descriptionInvalid }).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventsInvalid }), { error: WEBHOOK_MESSAGES.eventsInvalid })
    .min(1, { error: WEBHOOK_MESSAGES.eventsInvalid })
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
  enabled: z.boolean({ error: WEBHOOK_MESSAGES.eventsInvalid }).default(true),
});
export type WebhookInput = z.input<typeof webhookInput>;

/** An endpoint as the owner sees it afterwards: never its secret. */
export const webhookEndpoint = z
  .object({
    id: z.number(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    /** Why the site turned it off (the receiver answered 410 Gone), if it did. */
    disabledReason: z.string().nullable(),
    /** `whsec_` and the secret's first characters, to tell secrets apart. */
    secretPrefix: z.string(),
    /** Until then, deliveries are signed with the previous secret too (a rotation). */
    previousSecretUntil: z.string().nullable(),
    createdAt: z.string(),
    /** The last delivery's outcome, if any. */
    lastDelivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string(), responseStatus: z.number().nullable() }).nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointList = z.object({ data: z.array(webhookEndpoint), events: z.array(z.enum(WEBHOOK_EVENTS)) });
/** The answer to a creation or a rotation: the secret, shown this once. */
export const webhookWithSecret = webhookEndpoint.extend({ secret: z.string() }).meta({ id: 'WebhookEndpointWithSecret' });

/** One try at sending a delivery. */
export const webhookAttempt = z.object({
  attempt: z.number(),
  at: z.string(),
  /** The receiver's HTTP status; null when it could not be reached (the error says why). */
  responseStatus: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
});

/** One event for one endpoint, with its tries. */
export const webhookDelivery = z
  .object({
    id: z.number(),
    /** The `webhook-id` header: the same for every try and every replay of this event. */
    eventId: z.string(),
    type: z.enum(WEBHOOK_EVENTS),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    tries: z.array(webhookAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
/** A page of an endpoint's deliveries, newest first (issue 43: `?limit=&page=&cursor=`). */
export const webhookDeliveryList = pageOf(webhookDelivery);
export const webhookDeliveryQuery = pageQuery.omit({ q: true });
