// The browser's one API client (spec §7, §8): every call is named by its endpoint in the contract's
// table ('GET /admin/orders/:id'), so its path parameters, query and body are typed from the schemas
// the server validates with, and its answer is checked against the schema the server serializes with
// before a screen sees it: JSON calls (`call`, the session's `api`), files (PDF, CSV, ZIP) in
// download.ts, image uploads in upload.ts; the bearer token when given; `{error}` messages. What does
// the work, and the schemas, load on the first call or when warmed (never on a public page's first load).
import type { AnswerOf, CallArgs, CallInput, JsonName } from '@atelier/contract/endpoints';
import loadApiClient from 'virtual:chunk:lib/api-client.ts';

export { ApiError, SessionExpiredError, errorMessage, fieldErrors, focusFirstInvalid } from './api-errors.ts';

let client: Promise<typeof import('./api-client.ts')> | undefined;
/** The client's working part and the schemas (one chunk), loaded once; a failed load is tried again next time. */
export function loadClient(): Promise<typeof import('./api-client.ts')> {
  client ??= (loadApiClient() as Promise<typeof import('./api-client.ts')>).catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}
/** Starts loading the client before the first call (a signed-in session, a form being filled in). */
export const warmClient = (): void => void loadClient().catch(() => undefined);

/** One JSON call; `token` signs it in. Resolves with the answer once checked against its schema, or throws `ApiError`. */
export async function call<K extends JsonName>(name: K, input?: CallInput<K>, token?: string | null): Promise<AnswerOf<K>> {
  return (await loadClient()).send(name, input, token);
}

/** A public call (no session): the sign-in, the forms, the trade panel's own token. */
export const publicCall = call as <K extends JsonName>(name: K, ...input: CallArgs<K>) => Promise<AnswerOf<K>>;
