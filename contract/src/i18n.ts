import { DEFAULT_LOCALE, type Locale } from './constants.ts';

/**
 * A detected language value is kept only when it looks like a language tag
 * (letters, digits, hyphen, underscore, at most 35 characters). Anything that
 * looks like markup or script (`<`, quotes, parentheses, spaces…) is discarded.
 */
export function sanitizeLanguage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/.test(trimmed) || trimmed.length > 35) return null;
  return trimmed;
}

/** §1: the UI language is en when the detected value starts with "en", fr otherwise. */
export function toLocale(value: unknown): Locale {
  const clean = sanitizeLanguage(value);
  return clean && clean.toLowerCase().startsWith('en') ? 'en' : DEFAULT_LOCALE;
}

/** An explicit choice (query or stored preference) counts only when it is a supported locale. */
export function explicitLocale(value: unknown): Locale | null {
  const clean = sanitizeLanguage(value)?.toLowerCase();
  if (clean === 'fr' || clean === 'en') return clean;
  return null;
}

/** First language of an Accept-Language header, as the browser ranks them. */
export function firstAcceptedLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: sanitizeLanguage(tag), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry): entry is { tag: string; q: number; index: number } => entry.tag !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag ?? null;
}

/** ARCHITECTURE.md: `?lang=` first, then the `lang` cookie, then Accept-Language, then fr. */
export function resolveLocale(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  return explicitLocale(input.query) ?? explicitLocale(input.cookie) ?? toLocale(firstAcceptedLanguage(input.acceptLanguage));
}
