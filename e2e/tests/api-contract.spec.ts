import { expect, test } from '../fixtures.ts';
import { BASE_URL } from '../env.ts';

// The document an integrator downloads from the running site (issue 32: it answered 500 on the
// server `npm start` runs, while the tests read it from an API-only assembly).
test('the running site serves its API document: API operations only, each named and secured', async ({ request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/json');
  const document = (await res.json()) as {
    openapi: string;
    servers: Array<{ url: string }>;
    paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
  };
  expect(document.openapi).toMatch(/^3\./);
  expect(document.servers).toEqual([{ url: BASE_URL }]);
  const paths = Object.keys(document.paths);
  // The site's pages, its files and the uploads are not operations.
  expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  expect(paths).toEqual(expect.arrayContaining(['/api/products', '/api/orders/draft', '/api/admin/invoices/{id}.pdf']));
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  expect(operations.length).toBeGreaterThan(100);
  expect(operations.filter((op) => !op.operationId || !Array.isArray(op.security))).toEqual([]);
});
