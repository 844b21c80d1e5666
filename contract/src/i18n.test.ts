import { describe, expect, it } from 'vitest';
import { firstAcceptedLanguage, resolveLocale, sanitizeLanguage, toLocale } from './i18n.ts';

describe('language resolution', () => {
  it('is en only when the detected value starts with en, fr otherwise', () => {
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale('EN')).toBe('en');
    expect(toLocale('de-DE')).toBe('fr');
    expect(toLocale(undefined)).toBe('fr');
  });

  it('discards values that look like markup or script', () => {
    for (const value of ['<script>alert(1)</script>', 'en"><img src=x onerror=alert(1)>', "en'", 'en;drop', 'javascript:alert(1)', 'e'.repeat(50)]) {
      expect(sanitizeLanguage(value), value).toBeNull();
      expect(toLocale(value)).toBe('fr');
    }
    expect(sanitizeLanguage(' en-US ')).toBe('en-US');
  });

  it('ranks Accept-Language by quality', () => {
    expect(firstAcceptedLanguage('fr;q=0.5, en-US;q=0.9, de')).toBe('de');
    expect(firstAcceptedLanguage('fr;q=0.5, en-US;q=0.9')).toBe('en-US');
    expect(firstAcceptedLanguage('<x>, en')).toBe('en');
    expect(firstAcceptedLanguage('')).toBeNull();
  });

  it('prefers ?lang, then the cookie, then Accept-Language', () => {
    expect(resolveLocale({ query: 'en', cookie: 'fr', acceptLanguage: 'fr' })).toBe('en');
    expect(resolveLocale({ query: 'xx', cookie: 'en', acceptLanguage: 'fr' })).toBe('en');
    expect(resolveLocale({ cookie: '<b>', acceptLanguage: 'en-GB,en' })).toBe('en');
    expect(resolveLocale({})).toBe('fr');
  });
});
