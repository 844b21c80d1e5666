import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toJavaScript } from './build-server.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the server as JavaScript (npm run build → server/dist, run by npm start)', () => {
  it('strips the types, names relative modules .js, and finds the contract by path from where the file lands', () => {
    const source = [
      "import type { Config } from './config.ts';",
      "import { API_ERRORS, type Locale } from '@atelier/contract';",
      "import { formatPrice } from '@atelier/contract/pure';",
      "export { seedDemo } from '../cli/seed.ts';",
      "const seed = new URL('./cli/seed.ts', import.meta.url);",
      "const later = () => import('./modules/mail/outbox.ts');",
      'export function f(config: Config, lang: Locale): string { return `${lang}`; }',
    ].join('\n');
    const js = toJavaScript(source, path.join(root, 'server/dist/modules/orders/service.js'));
    expect(js).not.toMatch(/\.ts['"]/);
    expect(js).not.toContain('Config }');
    expect(js).toContain("from '../../../../contract/dist/index.js'");
    expect(js).toContain("from '../../../../contract/dist/pure.js'");
    expect(js).toContain("export { seedDemo } from '../cli/seed.js'");
    expect(js).toContain("new URL('./cli/seed.js', import.meta.url)");
    expect(js).toContain("import('./modules/mail/outbox.js')");
    expect(js).toContain('export function f(config        , lang        )         {');
    // Same lines as the source: a stack trace points at the line of the .ts file.
    expect(js.split('\n')).toHaveLength(source.split('\n').length);
  });
});
