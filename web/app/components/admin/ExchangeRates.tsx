// The rates per day (issue 47): typed by the owner, or the European Central Bank's CSV file imported.
import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ExchangeRateList, ForeignCurrency } from '@atelier/contract';
import { FOREIGN_CURRENCIES, formatDay } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { RefusedField as Field, Refusals, useRefusals } from '../../lib/refusals.tsx';
import { FormMessage } from '../Field.tsx';

/** The latest rates, a rate typed for a day, and the ECB's file. */
export function ExchangeRates() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [rates, setRates] = useState<ExchangeRateList | null>(null);
  const [form, setForm] = useState({ day: new Date().toISOString().slice(0, 10), currency: 'GBP' as ForeignCurrency, rate: '' });
  const [busy, setBusy] = useState(false);
  const refusals = useRefusals('rate-');
  const c = (key: string, values: Record<string, unknown> = {}) => t(`admin.currencies.${key}`, values);
  const load = useCallback(
    () =>
      api('GET /admin/exchange-rates', { query: { limit: '20' } })
        .then(setRates)
        .catch((e: unknown) => fail(e, 'admin.currencies.loadError')),
    [api, fail],
  );
  useEffect(() => void load(), [load]);
  async function run(call: () => Promise<unknown>, success: (answer: never) => string) {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await call();
      setMessage({ kind: 'success', text: success(answer as never) });
      refusals.clear();
      await load();
    } catch (e) {
      fail(e, 'admin.currencies.saveError');
      refusals.take(e);
    } finally {
      setBusy(false);
    }
  }
  const type = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => api('PUT /admin/exchange-rates', { body: { ...form, rate: Number(form.rate.replace(',', '.')) }, lang }),
      () => c('rateSaved'),
    );
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const csv = await file.text();
    event.target.value = '';
    void run(
      () => api('POST /admin/exchange-rates/ecb', { body: { csv }, lang }),
      (r: { days: number; rates: number }) => c('imported', { days: r.days, rates: r.rates }),
    );
  };
  return (
    <section className="company-section" aria-labelledby="rates-title">
      <h2 id="rates-title" className="section-title">
        {c('ratesTitle')}
      </h2>
      <p className="field__hint">{c('ratesIntro')}</p>
      <Refusals value={refusals.value}>
        <form className="form form--inline" onSubmit={type} aria-label={c('typeRate')}>
          <Field name="day" label={c('day')} type="date" value={form.day} onChange={(e) => setForm({ ...form, day: e.target.value })} />
          <div className="field">
            <label htmlFor="rate-currency">{c('currency')}</label>
            <select id="rate-currency" value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value as ForeignCurrency })}>
              {FOREIGN_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <Field name="rate" label={c('rateForDay')} inputMode="decimal" value={form.rate} onChange={(e) => setForm({ ...form, rate: e.target.value })} />
          <button type="submit" className="button" disabled={busy}>
            {c('typeRate')}
          </button>
        </form>
      </Refusals>
      <div className="field">
        <label htmlFor="ecb-file">{c('ecbFile')}</label>
        <input id="ecb-file" type="file" accept=".csv,text/csv" disabled={busy} onChange={(e) => void upload(e)} aria-describedby="ecb-hint" />
        <p id="ecb-hint" className="field__hint">
          {c('ecbHint')}
        </p>
      </div>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {rates && <RatesTable rates={rates} lang={lang} />}
    </section>
  );
}

function RatesTable({ rates, lang }: { rates: ExchangeRateList; lang: 'fr' | 'en' }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`admin.currencies.${key}`);
  if (rates.data.length === 0) return <p>{c('noRates')}</p>;
  return (
    <div className="table-scroll" role="region" aria-label={c('ratesTitle')} tabIndex={0}>
      <table className="order-table" data-testid="exchange-rates">
        <thead>
          <tr>
            <th scope="col">{c('day')}</th>
            <th scope="col">{c('currency')}</th>
            <th scope="col" className="num">
              {c('rateForDay')}
            </th>
            <th scope="col">{c('source')}</th>
          </tr>
        </thead>
        <tbody>
          {rates.data.map((r) => (
            <tr key={r.id}>
              <td>{formatDay(r.day, lang)}</td>
              <td>{r.currency}</td>
              <td className="num">{new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { maximumFractionDigits: 6 }).format(r.rate)}</td>
              <td>{c(`sources.${r.source}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
