import { useEffect, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import type { CompanyTerms, CompanyTermsInput, Locale } from '@atelier/contract';
import { CURRENCIES, formatDiscount, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { errorMessage, fieldErrors, focusFirstInvalid } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { CheckboxField, Field, FormMessage } from '../Field.tsx';

type Message = { kind: 'success' | 'error'; text: string } | null;
type Form = {
  paymentDays: string;
  endOfMonth: boolean;
  discount: string;
  openingMinimum: string;
  reorderMinimum: string;
  creditLimit: string;
  deposit: string;
  depositHold: boolean;
  currency: string;
};

const formOf = (terms: CompanyTerms): Form => ({
  paymentDays: terms.paymentDays === null ? '' : String(terms.paymentDays),
  endOfMonth: terms.endOfMonth ?? false,
  discount: terms.discount ? String(terms.discount) : '',
  openingMinimum: terms.openingMinimum === null ? '' : String(terms.openingMinimum),
  reorderMinimum: terms.reorderMinimum === null ? '' : String(terms.reorderMinimum),
  creditLimit: terms.creditLimit == null ? '' : String(terms.creditLimit),
  deposit: terms.deposit == null ? '' : String(terms.deposit),
  depositHold: terms.depositHold ?? false,
  currency: terms.currency ?? 'EUR',
});
/** "12,5" or "12.5" as a number; empty as null (the label's). */
const amount = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

/** "60 days, end of month": the payment terms as the screens say them. */
export function paymentWords(t: TFunction, days: number, endOfMonth: boolean): string {
  if (days === 0) return t('company.terms.onReceipt');
  return t(endOfMonth ? 'company.terms.daysEndOfMonth' : 'company.terms.days', { count: days });
}

/** What a company buys on (issue 47), as its people read it: payment, discount, minimums. */
export function TermsFacts({ terms, lang }: { terms: CompanyTerms; lang: Locale }) {
  const { t } = useTranslation();
  const { applied } = terms;
  return (
    <dl className="facts" data-testid="company-terms">
      <div>
        <dt>{t('company.terms.payment')}</dt>
        <dd>{paymentWords(t, applied.paymentDays, applied.endOfMonth)}</dd>
      </div>
      <div>
        <dt>{t('company.terms.discount')}</dt>
        <dd>{applied.discount > 0 ? formatDiscount(applied.discount, lang) : t('company.terms.noDiscount')}</dd>
      </div>
      <div>
        <dt>{t('company.terms.openingMinimum')}</dt>
        <dd>{formatPrice(applied.openingMinimum, lang, applied.currency)}</dd>
      </div>
      <div>
        <dt>{t('company.terms.reorderMinimum')}</dt>
        <dd>{formatPrice(applied.reorderMinimum, lang, applied.currency)}</dd>
      </div>
      <div>
        <dt>{t('company.terms.creditLimit')}</dt>
        <dd>{applied.creditLimit === null ? t('company.terms.noLimit') : formatPrice(applied.creditLimit, lang, applied.currency)}</dd>
      </div>
      <div>
        <dt>{t('company.terms.currency')}</dt>
        <dd data-testid="company-currency">{t(`company.terms.currencies.${applied.currency}`)}</dd>
      </div>
      <div>
        <dt>{t('company.terms.deposit')}</dt>
        <dd>
          {applied.deposit > 0
            ? t(applied.depositHold ? 'company.terms.depositHeld' : 'company.terms.depositAsked', { percent: applied.deposit })
            : t('company.terms.noDeposit')}
        </dd>
      </div>
    </dl>
  );
}

/** `/account/company`: the terms the signed-in person's company buys on (every role reads them). */
export function MyTerms({ lang }: { lang: Locale }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [terms, setTerms] = useState<CompanyTerms | null>(null);
  useEffect(() => {
    api('GET /account/terms')
      .then(setTerms)
      .catch(() => setTerms(null));
  }, [api]);
  return (
    <section className="company-section" aria-labelledby="terms-title">
      <h2 id="terms-title" className="section-title">
        {t('company.terms.title')}
      </h2>
      {terms ? <TermsFacts terms={terms} lang={lang} /> : null}
    </section>
  );
}

/** The owner sets a company's own terms (issue 47); an empty field keeps the label's, shown beside it. */
export function CompanyTermsForm({ companyId, lang }: { companyId: number; lang: Locale }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [terms, setTerms] = useState<CompanyTerms | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api('GET /admin/companies/:id/terms', { params: { id: companyId } })
      .then((loaded) => {
        setTerms(loaded);
        setForm(formOf(loaded));
      })
      .catch((e: unknown) => setMessage({ kind: 'error', text: errorMessage(e, t('company.terms.error')) }));
  }, [api, companyId, t]);
  if (!form || !terms) return message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null;
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setBusy(true);
    setMessage(null);
    setInvalid({});
    const body: CompanyTermsInput = {
      paymentDays: amount(form.paymentDays),
      endOfMonth: form.paymentDays.trim() === '' ? null : form.endOfMonth,
      discount: amount(form.discount) ?? 0,
      openingMinimum: amount(form.openingMinimum),
      reorderMinimum: amount(form.reorderMinimum),
      creditLimit: amount(form.creditLimit),
      deposit: amount(form.deposit),
      depositHold: form.depositHold,
      currency: form.currency,
    };
    try {
      const saved = await api('PUT /admin/companies/:id/terms', { params: { id: companyId }, body });
      setTerms(saved);
      setForm(formOf(saved));
      setMessage({ kind: 'success', text: t('company.terms.saved') });
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, t('company.terms.error')) });
      // Each wrong value marked on its field, the first one focused (issue 56).
      const refused = fieldErrors(e);
      setInvalid(refused);
      focusFirstInvalid(refused, 'terms-');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="company-section" aria-labelledby="terms-title">
      <h2 id="terms-title" className="section-title">
        {t('company.terms.title')}
      </h2>
      <TermsFacts terms={terms} lang={lang} />
      <form className="form" onSubmit={submit} aria-labelledby="terms-form-title" noValidate>
        <h3 id="terms-form-title" className="form__title">
          {t('company.terms.own')}
        </h3>
        <p className="form__hint">{t('company.terms.ownHint')}</p>
        <TermsFields form={form} setForm={setForm} terms={terms} lang={lang} invalid={invalid} />
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
        <button type="submit" className="button" disabled={busy}>
          {t('company.terms.save')}
        </button>
      </form>
    </section>
  );
}

/** The owner's fields: discount, payment days, minimums, credit limit, deposit; each empty keeps the label's, said beside it. */
function TermsFields({
  form,
  setForm,
  terms,
  lang,
  invalid,
}: {
  form: Form;
  setForm: (form: Form) => void;
  terms: CompanyTerms;
  lang: Locale;
  invalid: Record<string, string>;
}) {
  const { t } = useTranslation();
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  /** A field's id (what the first refused one is focused by) and the server's word on it. */
  const marked = (key: keyof Form) => ({ id: `terms-${key}`, error: invalid[key] });
  const labels = terms.applied;
  return (
    <>
      <div className="field">
        <label htmlFor="terms-currency">{t('company.terms.currency')}</label>
        <select
          id="terms-currency"
          aria-describedby={invalid.currency ? 'terms-currency-hint terms-currency-error' : 'terms-currency-hint'}
          aria-invalid={invalid.currency ? true : undefined}
          value={form.currency}
          onChange={(e) => setForm({ ...form, currency: e.target.value })}
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {t(`company.terms.currencies.${c}`)}
            </option>
          ))}
        </select>
        <p id="terms-currency-hint" className="field__hint">
          {t('company.terms.currencyHint')}
        </p>
        {invalid.currency && (
          <p id="terms-currency-error" className="field__error">
            {invalid.currency}
          </p>
        )}
      </div>
      <Field
        {...marked('discount')}
        label={t('company.terms.discountField')}
        inputMode="decimal"
        value={form.discount}
        onChange={set('discount')}
        hint={t('company.terms.discountHint')}
      />
      <Field
        {...marked('paymentDays')}
        label={t('company.terms.paymentDays')}
        inputMode="numeric"
        value={form.paymentDays}
        onChange={set('paymentDays')}
        hint={terms.paymentDays === null ? t('company.terms.labels', { value: paymentWords(t, labels.paymentDays, labels.endOfMonth) }) : undefined}
      />
      <CheckboxField label={t('company.terms.endOfMonth')} checked={form.endOfMonth} onChange={(e) => setForm({ ...form, endOfMonth: e.target.checked })} />
      {(['openingMinimum', 'reorderMinimum'] as const).map((key) => (
        <Field
          key={key}
          {...marked(key)}
          label={t(`company.terms.${key}`)}
          inputMode="decimal"
          value={form[key]}
          onChange={set(key)}
          hint={terms[key] === null ? t('company.terms.seasons', { value: formatPrice(labels[key], lang, labels.currency) }) : undefined}
        />
      ))}
      <Field
        {...marked('creditLimit')}
        label={t('company.terms.creditLimit')}
        inputMode="decimal"
        value={form.creditLimit}
        onChange={set('creditLimit')}
        hint={t('company.terms.creditLimitHint')}
      />
      <Field
        {...marked('deposit')}
        label={t('company.terms.depositField')}
        inputMode="numeric"
        value={form.deposit}
        onChange={set('deposit')}
        hint={t('company.terms.depositHint')}
      />
      <CheckboxField label={t('company.terms.depositHold')} checked={form.depositHold} onChange={(e) => setForm({ ...form, depositHold: e.target.checked })} />
    </>
  );
}
