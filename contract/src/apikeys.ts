import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';

/** Every sentence the API keys can send (French in errors.ts). */
export const API_KEY_MESSAGES = {
  nameInvalid: 'Name the key after the tool that will use it (1 to 80 characters).',
  accessInvalid: 'A key either reads only, or reads and writes.',
  keyNotFound: 'This API key does not exist (introuvable).',
  readOnly: 'This API key may only read: ask the owner for a key that may write.',
  notForKeys: 'An API key cannot manage accounts, sign-in or keys: sign in as the owner for that.',
} as const;

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
