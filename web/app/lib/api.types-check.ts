// Compiled by `npm run typecheck` (tsc -p web), never run or bundled: the typed client refuses what the
// server would. Each `@ts-expect-error` must meet an error, or the typecheck fails.
import type { AnswerOf, CallArgs, JsonName } from '@atelier/contract/endpoints';
import { call, publicCall } from './api.ts';
import { downloadFile } from './download.ts';

declare const api: <K extends JsonName>(name: K, ...input: CallArgs<K>) => Promise<AnswerOf<K>>;

export async function typedCalls(token: string): Promise<void> {
  // Right: a path parameter, the language, a query and a body as the server validates them.
  const order = await api('GET /admin/orders/:id', { params: { id: 7 }, lang: 'fr' });
  order.lines.map((line) => line.quantity);
  await api('GET /admin/orders', { query: { status: 'confirmed', season: 'AW27' } });
  await api('PUT /orders/draft', { body: { lines: [{ variantId: 1, size: 'M', quantity: 2 }] } });
  await publicCall('POST /auth/login', { body: { email: 'a@b.example', password: 'x' } });
  await downloadFile('GET /admin/invoices/:id.pdf', { params: { id: 3 } }, token);

  // @ts-expect-error a path the API does not have
  await api('GET /admin/order/:id', { params: { id: 7 } });
  // @ts-expect-error the method is part of the name: orders are not deleted
  await api('DELETE /admin/orders/:id', { params: { id: 7 } });
  // @ts-expect-error a path parameter left out
  await api('GET /admin/orders/:id', { lang: 'fr' });
  // @ts-expect-error a query the endpoint does not take
  await api('GET /admin/orders', { query: { state: 'confirmed' } });
  // @ts-expect-error a status that does not exist
  await api('GET /admin/orders', { query: { status: 'lost' } });
  // @ts-expect-error a body field the login does not take
  await publicCall('POST /auth/login', { body: { mail: 'a@b.example', password: 'x' } });
  // @ts-expect-error a body where the endpoint takes none
  await api('GET /account/security', { body: {} });
  // @ts-expect-error a file endpoint is downloaded, not called
  await call('GET /admin/invoices/:id.pdf', { params: { id: 3 } }, token);
  // @ts-expect-error a field the answer does not have
  void order.invoiceTotal;
}
