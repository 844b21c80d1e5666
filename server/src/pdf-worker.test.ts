import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The modules `file` loads when it runs (`import type` is erased), followed through the server's own files. */
function valueImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^import\s+(?!type\s)[^'"]*?from\s+'([^']+)';/gm)) {
    if (specifier!.startsWith('.')) valueImports(path.resolve(path.dirname(file), specifier!), seen);
    else seen.add(specifier!);
  }
  return seen;
}

describe('the PDF worker thread (issue 61: the first invoice after a quiet minute)', () => {
  it('starts without the contract’s schemas: it loads the pure helpers only', () => {
    const loaded = valueImports(path.resolve(import.meta.dirname, 'pdf-worker.ts'));
    // The thread ends after a minute without work, so every quiet spell's first parcel waits for it to start again:
    // the whole contract (every zod schema) made that ~170 ms longer.
    expect(loaded.has('@atelier/contract/pure')).toBe(true);
    expect([...loaded].filter((m) => m === '@atelier/contract' || m === 'zod')).toEqual([]);
  });
});
