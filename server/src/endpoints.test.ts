import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@atelier/contract/endpoints';
import type { RouteEntry } from './app.ts';
import { createTestContext, type TestContext } from '../test/helpers.ts';

// The browser's client is typed from the contract's endpoint table and checks each answer against the
// table's schema: each entry must be a route the server registers, validating the same query and body
// and serializing its answer with the very same schema object (not a copy that could drift).
describe('the endpoint table the browser calls through (contract/src/endpoints.ts)', () => {
  let t: TestContext;
  let routes: Map<string, RouteEntry>;
  beforeAll(async () => {
    t = await createTestContext('sqlite');
    routes = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r]));
  });
  afterAll(() => t?.close());

  const entries = Object.entries(endpoints) as Array<[string, Endpoint]>;

  it('names only routes the server has, each once', () => {
    expect(entries.length).toBeGreaterThan(90);
    const missing = entries.map(([name]) => name).filter((name) => !routes.has(name.replace(' ', ' /api')));
    expect(missing).toEqual([]);
  });

  it('types each query and body with the schema the route validates with', () => {
    const drift: string[] = [];
    for (const [name, spec] of entries) {
      const schema = routes.get(name.replace(' ', ' /api'))?.schema ?? {};
      if (('query' in spec ? spec.query : undefined) !== schema.querystring) drift.push(`${name}: query`);
      if (('body' in spec ? spec.body : undefined) !== schema.body) drift.push(`${name}: body`);
    }
    expect(drift).toEqual([]);
  });

  it('checks each answer with the schema the route serializes it with; no schema only where the route answers 204 or a file', () => {
    const drift: string[] = [];
    for (const [name, spec] of entries) {
      const responses = routes.get(name.replace(' ', ' /api'))?.schema?.response ?? {};
      const success = Object.entries(responses).filter(([status]) => status.startsWith('2'));
      if ('file' in spec) {
        // A file: no JSON schema to hold the answer to (a PDF route documents `any`).
        if (success.some(([, schema]) => (schema as { def?: { type?: string } }).def?.type !== 'any')) drift.push(`${name}: a file route with a JSON answer`);
      } else if (spec.response) {
        if (!success.some(([, schema]) => schema === spec.response)) drift.push(`${name}: answer`);
      } else if (success.some(([status]) => status !== '204')) drift.push(`${name}: answers JSON, the table says nothing`);
    }
    expect(drift).toEqual([]);
  });
});
