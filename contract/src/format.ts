// Money and dates in the language's locale (server mails and PDF, retailer and back-office screens).

const INTL_LOCALES = { fr: 'fr-FR', en: 'en-US' } as const;

/** The language's BCP 47 locale, for Intl and a document's language tag. */
export function intlLocale(lang: 'fr' | 'en'): string {
  return INTL_LOCALES[lang];
}
/**
 * An amount in the language's locale, in euros unless said (issue 47: a company buys in its currency), with
 * the currency's decimals (2; the yen none): `1 290,00 €` in French (narrow no-break space between
 * thousands, no-break space before the sign), `€1,290.00` in English, `1 290,00 £GB`, `£1,290.00`, `¥12,000`.
 */
export function formatPrice(amount: number, lang: 'fr' | 'en', currency: string = 'EUR'): string {
  const digits = currency === 'JPY' ? 0 : 2;
  return new Intl.NumberFormat(INTL_LOCALES[lang], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** A calendar date (YYYY-MM-DD) in the language's long form: `31 mars 2027`, `March 31, 2027`. */
export function formatDay(day: string, lang: 'fr' | 'en'): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

/** A share (0–1) as a whole percentage in the language's locale: `34 %` (narrow no-break space), `34%`. */
export function formatPercent(share: number, lang: 'fr' | 'en'): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** A discount in percent (0–100, up to 2 decimals) as the language writes it: `12,5 %`, `12.5%` (issue 47). */
export function formatDiscount(percent: number, lang: 'fr' | 'en'): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** A count in the language's locale: `1 290` (narrow no-break space), `1,290`. */
export function formatCount(n: number, lang: 'fr' | 'en'): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang]).format(n);
}

/** A currency's sign in the language's locale: `€`, `£GB` / `£`, `CHF`, `$US` / `$`, `JPY` / `¥` (issue 47). */
export function currencySymbol(currency: string, lang: 'fr' | 'en'): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
}
