import { useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { LOCALES, missingLocale, type Locale } from '@atelier/contract/pure';
import type { AdminTerms, TermsInputRaw } from '@atelier/contract';
import type { Route } from './+types/wholesale';
import { Field, FormMessage } from '../../components/Field.tsx';
import { MissingFlag } from '../../components/admin/Bilingual.tsx';
import { LineSheetDownload } from '../../components/LineSheetDownload.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { acceptPrice } from '../../lib/product-form.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminWholesale', noindex: true });

type Texts = { seasonName: string; paymentTerms: string; deliveryWindow: string; shippingNotes: string };
interface TermsForm {
  validUntil: string;
  openingMinimum: string;
  reorderMinimum: string;
  orderEmail: string;
  texts: Record<Locale, Texts>;
}
type FieldError = 'validUntil' | 'openingMinimum' | 'reorderMinimum' | 'orderEmail' | `seasonName.${Locale}`;

function formFrom(terms: AdminTerms): TermsForm {
  const texts = Object.fromEntries(
    LOCALES.map((locale) => {
      const t = terms.translations.find((x) => x.locale === locale);
      return [
        locale,
        {
          seasonName: t?.seasonName ?? '',
          paymentTerms: t?.paymentTerms ?? '',
          deliveryWindow: t?.deliveryWindow ?? '',
          shippingNotes: t?.shippingNotes ?? '',
        },
      ];
    }),
  ) as Record<Locale, Texts>;
  return {
    validUntil: terms.validUntil ?? '',
    openingMinimum: terms.openingMinimum.toFixed(2),
    reorderMinimum: terms.reorderMinimum.toFixed(2),
    orderEmail: terms.orderEmail,
    texts,
  };
}

/** The same rules as the server (which checks them again): real date, amounts ≥ 0 with 2 decimals, an e-mail, a season name per language. */
function validate(form: TermsForm): FieldError[] {
  const errors: FieldError[] = [];
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(form.validUntil);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== form.validUntil) errors.push('validUntil');
  for (const key of ['openingMinimum', 'reorderMinimum'] as const) {
    if (form[key].trim() === '' || acceptPrice(form[key]) === null || Number(form[key]) < 0) errors.push(key);
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.orderEmail.trim())) errors.push('orderEmail');
  for (const locale of LOCALES) if (!form.texts[locale].seasonName.trim()) errors.push(`seasonName.${locale}`);
  return errors;
}

function toPayload(form: TermsForm): TermsInputRaw {
  return {
    validUntil: form.validUntil,
    openingMinimum: Number(form.openingMinimum),
    reorderMinimum: Number(form.reorderMinimum),
    orderEmail: form.orderEmail.trim(),
    translations: LOCALES.map((locale) => ({ locale, ...form.texts[locale] })),
  };
}

type PartProps = { form: TermsForm; setForm: Dispatch<SetStateAction<TermsForm | null>>; saving: boolean; errors: FieldError[] };

/** Until when the terms hold, where orders are mailed, and the two minimums. */
function TermsGrid({ form, setForm, saving, errors }: PartProps) {
  const { t } = useTranslation();
  const errorFor = (key: FieldError, text: string) => (errors.includes(key) ? text : undefined);
  const setAmount = (key: 'openingMinimum' | 'reorderMinimum', value: string) => {
    const accepted = acceptPrice(value);
    if (accepted !== null) setForm((f) => (f ? { ...f, [key]: accepted } : f));
  };
  return (
    <div className="terms-form__grid">
      <Field
        id="terms-validUntil"
        label={t('admin.wholesale.validUntil')}
        type="date"
        required
        value={form.validUntil}
        disabled={saving}
        error={errorFor('validUntil', t('admin.wholesale.errors.validUntil'))}
        onChange={(e) => setForm({ ...form, validUntil: e.target.value })}
      />
      <Field
        id="terms-orderEmail"
        label={t('admin.wholesale.orderEmail')}
        type="email"
        autoComplete="email"
        required
        value={form.orderEmail}
        disabled={saving}
        error={errorFor('orderEmail', t('admin.wholesale.errors.orderEmail'))}
        onChange={(e) => setForm({ ...form, orderEmail: e.target.value })}
      />
      <Field
        id="terms-openingMinimum"
        label={t('admin.wholesale.openingMinimum')}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        value={form.openingMinimum}
        disabled={saving}
        error={errorFor('openingMinimum', t('admin.wholesale.errors.minimum'))}
        onChange={(e) => setAmount('openingMinimum', e.target.value)}
      />
      <Field
        id="terms-reorderMinimum"
        label={t('admin.wholesale.reorderMinimum')}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        value={form.reorderMinimum}
        disabled={saving}
        error={errorFor('reorderMinimum', t('admin.wholesale.errors.minimum'))}
        onChange={(e) => setAmount('reorderMinimum', e.target.value)}
      />
    </div>
  );
}

/** The season's name and its terms' texts, in each language, a missing translation flagged. */
function TermsTexts({ form, setForm, saving, errors }: PartProps) {
  const { t } = useTranslation();
  const errorFor = (key: FieldError, text: string) => (errors.includes(key) ? text : undefined);
  const setText = (locale: Locale, key: keyof Texts, value: string) =>
    setForm((f) => (f ? { ...f, texts: { ...f.texts, [locale]: { ...f.texts[locale], [key]: value } } } : f));
  return (
    <div className="locale-fieldsets">
      {LOCALES.map((locale) => (
        <fieldset key={locale} className="locale-fieldset">
          <legend>{t(`language.${locale}`)}</legend>
          <Field
            id={`terms-seasonName-${locale}`}
            lang={locale}
            label={t('admin.wholesale.seasonName')}
            hint={t('admin.wholesale.seasonHint')}
            required
            maxLength={80}
            value={form.texts[locale].seasonName}
            disabled={saving}
            error={errorFor(`seasonName.${locale}`, t('admin.wholesale.errors.seasonName'))}
            onChange={(e) => setText(locale, 'seasonName', e.target.value)}
          />
          {(['paymentTerms', 'deliveryWindow', 'shippingNotes'] as const).map((key) => (
            <div className="field" key={key}>
              <label htmlFor={`terms-${key}-${locale}`}>{t(`admin.wholesale.${key}`)}</label>
              <textarea
                id={`terms-${key}-${locale}`}
                lang={locale}
                rows={3}
                maxLength={2000}
                value={form.texts[locale][key]}
                disabled={saving}
                aria-describedby={missingLocale(form.texts.fr[key], form.texts.en[key]) === locale ? `terms-${key}-${locale}-missing` : undefined}
                onChange={(e) => setText(locale, key, e.target.value)}
              />
              {missingLocale(form.texts.fr[key], form.texts.en[key]) === locale && <MissingFlag locale={locale} id={`terms-${key}-${locale}-missing`} />}
            </div>
          ))}
        </fieldset>
      ))}
    </div>
  );
}

export default function AdminWholesale() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [form, setForm] = useState<TermsForm | null>(null);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const { message, setMessage, fail } = useScreenMessage();

  useEffect(() => {
    api('GET /admin/wholesale/terms')
      .then((terms) => {
        setForm(formFrom(terms));
        setUpdatedAt(terms.updatedAt);
      })
      .catch((error: unknown) => fail(error, 'admin.wholesale.loadError'));
  }, [api, fail]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const problems = validate(form);
    setErrors(problems);
    setMessage(null);
    if (problems.length > 0) {
      document.getElementById(`terms-${problems[0]!.replace('.', '-')}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await api('PUT /admin/wholesale/terms', { lang, body: toPayload(form) });
      setForm(formFrom(saved));
      setUpdatedAt(saved.updatedAt);
      setMessage({ kind: 'success', text: t('admin.wholesale.saved') });
    } catch (error) {
      fail(error, 'admin.wholesale.saveError');
    } finally {
      setSaving(false);
    }
  }

  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminWholesale')}</h1>
      <p className="lead">{t('admin.wholesale.intro')}</p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {form === null ? (
        !message && <p role="status">{t('common.loading')}</p>
      ) : (
        <form className="terms-form" onSubmit={submit} noValidate aria-busy={saving}>
          <p className="field__hint">{updatedAt ? t('admin.wholesale.lastSaved', { date: dateTime(updatedAt) }) : t('admin.wholesale.neverSaved')}</p>
          <TermsGrid form={form} setForm={setForm} saving={saving} errors={errors} />
          <TermsTexts form={form} setForm={setForm} saving={saving} errors={errors} />
          <button type="submit" className="button" disabled={saving}>
            {saving ? t('admin.wholesale.saving') : t('admin.wholesale.save')}
          </button>
        </form>
      )}
      <LineSheetDownload />
    </div>
  );
}
