import { useId, type ReactNode } from 'react';
import { LOCALES, missingLocale, type Locale } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';

export type Pair = { fr: string; en: string };

/** Beside a field left empty while the other language has text: nothing goes live half-translated by accident. */
export function MissingFlag({ locale, id }: { locale: Locale; id?: string }) {
  const { t } = useTranslation();
  return (
    <p className="missing-translation" id={id}>
      <span aria-hidden="true">⚠ </span>
      {t('bilingual.missingIn', { language: t(`bilingual.languageName.${locale}`) })}
    </p>
  );
}

/** A list's badge: which languages some item still lacks. */
export function MissingBadge({ locales }: { locales: Locale[] }) {
  const { t } = useTranslation();
  if (locales.length === 0) return null;
  return (
    <span className="badge badge--warning" data-testid="missing-translation">
      {t('bilingual.badge', { languages: locales.map((l) => t(`bilingual.languageName.${l}`)).join(', ') })}
    </span>
  );
}

/**
 * One text in French and English, side by side: each input labelled with its language, a
 * flag under the empty one when the other has text, the server's limit as maxLength.
 */
export function PairField({
  id,
  label,
  value,
  onChange,
  required = false,
  multiline = false,
  rows = 3,
  maxLength,
  hint,
  error,
  disabled,
  hideLabel = false,
}: {
  /** Inside a list whose item heading already names it: the label is for screen readers only. */
  hideLabel?: boolean;
  id: string;
  label: ReactNode;
  value: Pair;
  onChange: (value: Pair) => void;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  maxLength: number;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const generated = useId();
  const missing = missingLocale(value.fr, value.en);
  return (
    <fieldset className="pair-field">
      <legend className={hideLabel ? 'visually-hidden' : 'pair-field__label'}>
        {label}
        {required && <span className="pair-field__required"> ({t('bilingual.required')})</span>}
      </legend>
      {hint && <p className="field__hint">{hint}</p>}
      <div className="pair-field__inputs">
        {LOCALES.map((locale) => {
          const inputId = `${id}-${locale}`;
          const flagId = `${generated}-${locale}-missing`;
          const errorId = `${generated}-${locale}-error`;
          const empty = value[locale].trim() === '';
          const showError = !!error && (!required || empty);
          const describedBy = [missing === locale ? flagId : '', showError ? errorId : ''].filter(Boolean).join(' ') || undefined;
          const common = {
            id: inputId,
            lang: locale,
            value: value[locale],
            maxLength,
            disabled,
            required,
            'aria-describedby': describedBy,
            'aria-invalid': showError ? true : undefined,
          } as const;
          return (
            <div className="field" key={locale}>
              <label htmlFor={inputId}>{t(`language.${locale}`)}</label>
              {multiline ? (
                <textarea {...common} rows={rows} onChange={(e) => onChange({ ...value, [locale]: e.target.value })} />
              ) : (
                <input type="text" {...common} onChange={(e) => onChange({ ...value, [locale]: e.target.value })} />
              )}
              {missing === locale && <MissingFlag locale={locale} id={flagId} />}
              {showError && (
                <p className="field__error" id={errorId}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
