import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, localizeMessage } from './errors.ts';

describe('API messages', () => {
  it('every catalogued error has a French version that differs from the English one', () => {
    for (const message of Object.values(API_ERRORS)) {
      const fr = localizeMessage(message, 'fr');
      expect(fr.length).toBeGreaterThan(0);
      expect(fr, message).not.toBe(message);
      expect(localizeMessage(message, 'en')).toBe(message);
    }
  });

  it('leaves an unknown sentence unchanged', () => {
    expect(localizeMessage('Something else', 'fr')).toBe('Something else');
  });
});

describe('every list of messages the contract exports (issue 56)', () => {
  it('has a French version of each sentence, found in every *_MESSAGES list of every contract module', async () => {
    const dir = import.meta.dirname;
    const missing: string[] = [];
    const lists = new Set<string>();
    let sentences = 0;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, list] of Object.entries(module)) {
        if (!name.endsWith('_MESSAGES') || typeof list !== 'object' || list === null) continue;
        lists.add(name);
        for (const [key, message] of Object.entries(list as Record<string, string>)) {
          sentences += 1;
          if (localizeMessage(message, 'fr') === message) missing.push(`${name}.${key}`);
        }
      }
    }
    // Found by walking, not named by hand: a new list is checked the day it is written.
    expect(lists.size).toBeGreaterThanOrEqual(23);
    expect(sentences).toBeGreaterThan(300);
    expect([...new Set(missing)]).toEqual([]);
  });
});
