import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationId } from './lib/openapi.ts';
import { createTestContext, type TestContext } from '../test/helpers.ts';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');

describe('the API contract (GET /api/openapi.json)', () => {
  let t: TestContext;
  let document: { servers?: Array<{ url: string }>; paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
  beforeAll(async () => {
    t = await createTestContext('sqlite', { PUBLIC_URL: 'https://maison.example' });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

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
});
