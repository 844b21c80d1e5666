import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { operationId } from './lib/openapi.ts';
import { companyInput, draftInput, invoicingSettingsInput, productInput } from '@atelier/contract';
import { RETAILER, startShipped, type Shipped } from '../test/helpers.ts';
import { legalIdentity, sampleProduct } from '../test/fixtures.ts';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');

// On the server `npm start` runs (server/dist, the site mounted): the document a client reads is
// the one this assembly serves (issue 32: an API-only test app hid a 500 there).
describe('the API contract (GET /api/openapi.json) of the shipped server', () => {
  let t: Shipped;
  let document: { servers?: Array<{ url: string }>; paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
  beforeAll(async () => {
    t = await startShipped({ PUBLIC_URL: 'https://maison.example' });
    const res = await fetch(`${t.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    document = (await res.json()) as typeof document;
  }, 60_000);
  afterAll(() => t?.close());

  it('names every operation once, from its route (stable), declares its security, and its server from PUBLIC_URL', () => {
    const operations = Object.entries(document.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, op]) => ({ url, method, op })));
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.every((o) => Array.isArray(o.op.security))).toBe(true);
    expect(document.paths['/api/admin/invoices/{id}.pdf']?.get?.operationId).toBe('getAdminInvoicesByIdPdf');
    expect(operationId('POST', '/api/orders/draft/submit')).toBe('postOrdersDraftSubmit');
    expect(document.servers).toEqual([{ url: 'https://maison.example' }]);
    // The site's pages are not API operations.
    expect(Object.keys(document.paths).every((url) => url.startsWith('/api/'))).toBe(true);
  });

  it('passes redocly lint with its recommended rules: 0 errors, 0 warnings (three rules off, each explained in redocly.yaml)', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=json'], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('makes a typed client (openapi-typescript + openapi-fetch): a script that signs a stockist in and reads its orders and invoices compiles, runs, and a wrong call does not compile', async () => {
    const dir = path.join(root, 'node_modules', '.cache', 'openapi-client');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    const script = (extra: string) => `import createClient from 'openapi-fetch';
import type { paths } from './api.d.ts';

export async function main(baseUrl: string, email: string, password: string): Promise<{ orders: number; invoices: string[] }> {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/api/auth/login', { body: { email, password } });
  // The answer is the token, or the second step when the account has a factor (the types say both).
  if (!login.data || !('access_token' in login.data)) throw new Error('sign-in refused or a second factor asked');
  const headers = { authorization: \`Bearer \${login.data.access_token}\` };
  const orders = await client.GET('/api/orders', { headers });
  const invoices = await client.GET('/api/invoices', { headers });
  ${extra}
  return { orders: orders.data?.data.length ?? -1, invoices: (invoices.data?.data ?? []).map((d) => \`\${d.number} \${d.status} \${d.totalInclVat}\`) };
}
`;
    const compile = (file: string) => {
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        allowImportingTsExtensions: true,
        skipLibCheck: true,
      });
      return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    fs.writeFileSync(path.join(dir, 'client.ts'), script(''));
    expect(compile(path.join(dir, 'client.ts'))).toEqual([]);
    // The types hold: a field an order does not have, or a body the login does not take, fails.
    fs.writeFileSync(
      path.join(dir, 'wrong.ts'),
      script("orders.data?.data[0]?.invoiceTotal; await client.POST('/api/auth/login', { body: { mail: email } });"),
    );
    expect(compile(path.join(dir, 'wrong.ts')).length).toBeGreaterThanOrEqual(2);

    // And it runs against the server: the retailer has one shipped order, so one invoice.
    const services = t.services;
    await services.seller.saveSettings(invoicingSettingsInput.parse(legalIdentity()), null);
    await services.users.create({ email: RETAILER.email, role: 'retailer', password: RETAILER.password });
    const shop = (await services.users.findByEmail(RETAILER.email))!;
    await services.companies.saveCompany(
      shop.id,
      companyInput.parse({
        companyName: 'Les Jours Lents',
        siret: '55208131766522',
        billing: { line1: '3 rue du Port', postcode: '34200', town: 'Sète', country: 'FR' },
      }),
    );
    const product = (await services.catalogue.save(productInput.parse(sampleProduct()), 'fr', undefined, null))!;
    const variant = product.variants[0]!;
    await services.orders.replaceDraft(shop.id, draftInput.parse({ lines: [{ variantId: variant.id, size: variant.sizes[0], quantity: 3 }] }).lines, 'fr');
    const sent = await services.orders.submit(shop.id, 'openapi-client', undefined, 'fr');
    const brand = { id: 1, email: 'owner@test.example', role: 'admin' as const };
    await services.orders.confirm(sent.order.id, { shipDate: '2027-03-01' }, brand, 'fr');
    const shipped = await services.orders.ship(sent.order.id, {}, brand, 'fr');
    const { main } = (await import(path.join(dir, 'client.ts'))) as {
      main: (base: string, email: string, password: string) => Promise<{ orders: number; invoices: string[] }>;
    };
    const read = await main(t.baseUrl, RETAILER.email, RETAILER.password);
    expect(read.orders).toBe(1);
    expect(read.invoices).toEqual([expect.stringMatching(new RegExp(`^${shipped.invoice!.number} unpaid \\d+(\\.\\d+)?$`))]);
  }, 60_000);
});
