import { describe, expect, it } from 'vitest';
import adminEn from './admin.en.json';
import adminFr from './admin.fr.json';
import enPublic from './en.json';
import frPublic from './fr.json';
import { messagesFor } from './messages.server.ts';

// Every string: the back-office's are a file of their own (its pages load it with the public one).
const fr = messagesFor('fr');
const en = messagesFor('en');

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

function lookup(obj: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((acc, part) => (acc as Record<string, unknown>)?.[part], obj);
}

describe('translations', () => {
  it('keep the back-office strings in their own file, under admin only', () => {
    expect(Object.keys(adminFr)).toEqual(['admin']);
    expect(Object.keys(adminEn)).toEqual(['admin']);
    expect(Object.keys(frPublic)).not.toContain('admin');
    expect(Object.keys(enPublic)).not.toContain('admin');
  });

  it('have the same keys in French and English', () => {
    const frKeys = keys(fr).sort();
    const enKeys = keys(en).sort();
    expect(
      frKeys.filter((k) => !enKeys.includes(k)),
      'missing in en.json',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !frKeys.includes(k)),
      'missing in fr.json',
    ).toEqual([]);
  });

  it('have no empty string and the same placeholders in both languages', () => {
    for (const key of keys(fr)) {
      const f = lookup(fr, key);
      const e = lookup(en, key);
      expect(typeof f === 'string' && f.trim().length > 0, `fr ${key}`).toBe(true);
      expect(typeof e === 'string' && e.trim().length > 0, `en ${key}`).toBe(true);
      expect(placeholders(f as string), key).toEqual(placeholders(e as string));
    }
  });

  it('every t("…") key used in the code exists', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..');
    const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1]!;
        const ok = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.length > 0);
        const found = (dict: unknown) => ok(lookup(dict, key)) || ok(lookup(dict, `${key}_other`));
        if (!found(fr) || !found(en)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
