/**
 * What the OpenAPI document says beyond the schemas (issue 28): a stable `operationId` for each
 * operation (client generators name their methods by it), the security each one needs (`[]` for a
 * public one; security.test.ts checks it against what the server enforces), and OpenAPI 3.0's
 * `nullable` always beside a `type`.
 */

/** `GET /api/admin/invoices/:id.pdf` → `getAdminInvoicesByIdPdf`: derived from the route, so stable. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment
        .split(/[.\-_]/)
        .filter(Boolean)
        .map((part) => (part.startsWith(':') || part.startsWith('{') ? `By${capital(part.replace(/[:{}]/g, ''))}` : capital(part))),
    );
  return `${method.toLowerCase()}${words.join('')}`;
}
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const SIGNED_IN = [
  /^\/api\/admin\//,
  /^\/api\/showroom\//,
  /^\/api\/account\//,
  /^\/api\/orders(\/|$)/,
  /^\/api\/invoices(\/|$)/,
  /^\/api\/wholesale\//,
  /^\/api\/auth\/(me|password|logout|reauth)$/,
];

/** The bearer token for every route behind a sign-in, none for the public ones. */
export function securityOf(url: string): Array<Record<string, string[]>> {
  return SIGNED_IN.some((re) => re.test(url)) ? [{ bearer: [] }] : [];
}

/**
 * OpenAPI 3.0 wants `nullable` beside a `type` (redocly's nullable-type-sibling): a nullable
 * reference gets `type: object`; a nullable union carries `nullable` on each branch instead.
 */
export function typedNullables(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(typedNullables);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && schema.type === undefined) {
    const union = (schema.anyOf ?? schema.oneOf) as Array<Record<string, unknown>> | undefined;
    if (Array.isArray(schema.allOf)) schema.type = 'object';
    else if (union) {
      for (const branch of union) if (branch.type !== undefined) branch.nullable = true;
      delete schema.nullable;
    }
  }
  for (const value of Object.values(schema)) typedNullables(value);
}
