import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';

/** Every sentence the API keys can send. */
export const API_KEY_MESSAGES = defineMessages('apiKey', {
  nameInvalid: {
    en: 'Name the key after the tool that will use it (1 to 80 characters).',
    fr: 'Nommez la clé d’après l’outil qui s’en servira (1 à 80 caractères).',
    field: '/name',
  },
  accessInvalid: { en: 'A key either reads only, or reads and writes.', fr: 'Une clé lit seulement, ou lit et écrit.', field: '/access' },
  keyNotFound: { en: 'This API key does not exist (introuvable).', fr: 'Cette clé d’API est introuvable.' },
  readOnly: {
    en: 'This API key may only read: ask the owner for a key that may write.',
    fr: 'Cette clé d’API ne peut que lire : demandez à la propriétaire une clé qui peut écrire.',
  },
  feedOnly: {
    en: 'A shop’s key reads its product feed only (/api/feed/…): sign in for the rest.',
    fr: 'La clé d’une boutique ne lit que son flux produits (/api/feed/…) : connectez-vous pour le reste.',
  },
  notForKeys: {
    en: 'An API key cannot manage accounts, sign-in or keys: sign in as the owner for that.',
    fr: 'Une clé d’API ne gère ni les comptes, ni la connexion, ni les clés : connectez-vous en tant que propriétaire pour cela.',
  },
});

export const API_KEY_ACCESS = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** `POST /api/admin/api-keys`: one key per integration (the accountant's tool, a webhook consumer…). */
export const apiKeyInput = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameInvalid })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameInvalid })
    .max(80, { error: API_KEY_MESSAGES.nameInvalid }),
  access: z.enum(API_KEY_ACCESS, { error: API_KEY_MESSAGES.accessInvalid }),
});
export type ApiKeyInput = z.infer<typeof apiKeyInput>;
/** `POST /api/account/feed-keys` (issue 60): a shop's key for its till; it reads the product feed only. */
export const feedKeyInput = apiKeyInput.pick({ name: true });
export type FeedKeyInput = z.infer<typeof feedKeyInput>;

/** A key as the owner sees it afterwards: never the key itself, only its first characters. */
export const apiKey = z
  .object({
    id: z.number(),
    name: z.string(),
    access: z.enum(API_KEY_ACCESS),
    /** `ak_` and the key's first characters, to tell keys apart. */
    prefix: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKey>;
/** A page (issue 43: `?limit=&page=&cursor=`). */
export const apiKeyList = pageOf(apiKey);
export const apiKeyListQuery = pageQuery.omit({ q: true });
/** The answer to its making: the key, shown this once (only its hash is kept). */
export const createdApiKey = apiKey.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
