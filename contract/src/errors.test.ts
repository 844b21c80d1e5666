import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';
import { API_ERRORS, fieldsOf } from './errors.ts';
import { SENTENCES, defineMessages, messageCatalogue } from './messages.ts';

describe('API messages', () => {
  it('are codes, each with its English and French side by side', () => {
    expect(API_ERRORS.notFound).toBe('api.notFound');
    expect(API_ERRORS[SENTENCES].notFound).toEqual({ en: 'Not found.', fr: 'Introuvable.' });
    expect(Object.keys(API_ERRORS)).not.toContain(String(SENTENCES));
  });

  it('name the fields their sentence begins with', () => {
    expect(fieldsOf('discount: the discount is a percentage from 0 to 50, with at most 2 decimals.')).toEqual(['/discount']);
    expect(fieldsOf('openingMinimum, reorderMinimum: …')).toEqual(['/openingMinimum', '/reorderMinimum']);
    expect(fieldsOf('Choose at least one piece to ship.')).toEqual([]);
  });
});

/** The codes whose sentence is missing in a language, or is the same in both. */
function gaps(catalogue: Map<string, { en: string; fr: string }>): string[] {
  return [...catalogue].filter(([, said]) => !said.en.trim() || !said.fr.trim() || said.en === said.fr).map(([code]) => code);
}

describe('every list of messages the contract exports (issue 56)', () => {
  it('has each sentence in English and in French, different, and one code per sentence', () => {
    const catalogue = messageCatalogue(contract as Record<string, unknown>);
    const lists = Object.entries(contract).filter(([, value]) => typeof value === 'object' && value !== null && SENTENCES in value);
    // Found by walking the contract, not named by hand: a new list is checked the day it is written.
    expect(lists.length).toBeGreaterThanOrEqual(24);
    expect(catalogue.size).toBeGreaterThan(300);
    expect(gaps(catalogue)).toEqual([]);
    for (const code of catalogue.keys()) expect(code).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/);
    // Every list's codes are its own: its area, then the key.
    for (const [name, list] of lists) {
      const area = new Set(Object.values(list as Record<string, string>).map((code) => code.split('.')[0]));
      expect(area.size, name).toBe(1);
    }
  });

  it('finds a list whose French is missing or left in English', () => {
    const broken = {
      BROKEN_MESSAGES: defineMessages('broken', { empty: { en: 'Oops.', fr: ' ' }, english: { en: 'Same.', fr: 'Same.' }, fine: { en: 'Yes.', fr: 'Oui.' } }),
    };
    expect(gaps(messageCatalogue(broken))).toEqual(['broken.empty', 'broken.english']);
  });
});
