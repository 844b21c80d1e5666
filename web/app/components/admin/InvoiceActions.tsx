import { useState, type FormEvent } from 'react';
import type { InvoiceDocument, PaymentMethod } from '@atelier/contract';
import { PAYMENT_METHODS, currencySymbol, formatDay, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';

/** A change to the document: the call, and the sentence its success shows. */
export type InvoiceAct = (run: () => Promise<InvoiceDocument>, success: (doc: InvoiceDocument) => string) => Promise<boolean>;
type Act = InvoiceAct;

type PaymentForm = { date: string; amount: string; method: PaymentMethod; reference: string };

/** A payment's date, amount (the amount due as a hint), method and reference. */
function PaymentFields({
  form,
  setForm,
  busy,
  due,
  currency,
}: {
  form: PaymentForm;
  setForm: (form: PaymentForm) => void;
  busy: boolean;
  due: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <>
      <div className="field">
        <label htmlFor="payment-date">{t('admin.invoices.paymentDate')}</label>
        <input id="payment-date" type="date" required value={form.date} disabled={busy} onChange={(e) => setForm({ ...form, date: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="payment-amount">{t('admin.invoices.paymentAmount', { symbol: currencySymbol(currency, lang) })}</label>
        <input
          id="payment-amount"
          inputMode="decimal"
          required
          value={form.amount}
          placeholder={String(due)}
          disabled={busy}
          onChange={(e) => setForm({ ...form, amount: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="payment-method">{t('admin.invoices.paymentMethod')}</label>
        <select id="payment-method" value={form.method} disabled={busy} onChange={(e) => setForm({ ...form, method: e.target.value as PaymentMethod })}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`admin.invoices.methods.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="payment-reference">{t('admin.invoices.paymentReference')}</label>
        <input
          id="payment-reference"
          maxLength={120}
          value={form.reference}
          disabled={busy}
          onChange={(e) => setForm({ ...form, reference: e.target.value })}
        />
      </div>
    </>
  );
}

/** The payments recorded on an invoice (a mistaken one can be removed) and the form to record one. */
export function InvoicePayments({ invoice, busy, act }: { invoice: InvoiceDocument; busy: boolean; act: Act }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [form, setForm] = useState<PaymentForm>({ date: new Date().toISOString().slice(0, 10), amount: '', method: 'transfer', reference: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await act(
      () =>
        api('POST /admin/invoices/:id/payments', {
          params: { id: invoice.id },
          lang,
          body: {
            date: form.date,
            amount: Number(form.amount.replace(',', '.')),
            method: form.method,
            ...(form.reference.trim() ? { reference: form.reference.trim() } : {}),
          },
        }),
      () => t('admin.invoices.paymentSaved'),
    );
    if (ok) setForm({ ...form, amount: '', reference: '' });
  }

  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title" className="section-title section-title--small">
        {t('admin.invoices.payments')}
      </h2>
      {invoice.payments.length === 0 ? (
        <p>{t('admin.invoices.noPayment')}</p>
      ) : (
        <ul className="order-history" data-testid="payments">
          {invoice.payments.map((p) => (
            <li key={p.id}>
              {formatDay(p.date, lang)} · {formatPrice(p.amount, lang, invoice.currency)} · {t(`admin.invoices.methods.${p.method}`)}
              {p.reference && ` · ${p.reference}`}{' '}
              <button
                type="button"
                className="button button--quiet button--small"
                disabled={busy}
                aria-label={t('admin.invoices.removePaymentLabel', { amount: formatPrice(p.amount, lang, invoice.currency), date: formatDay(p.date, lang) })}
                onClick={() => {
                  if (window.confirm(t('admin.invoices.confirmRemove')))
                    void act(
                      () => api('DELETE /admin/invoices/:id/payments/:paymentId', { params: { id: invoice.id, paymentId: p.id }, lang }),
                      () => t('admin.invoices.paymentRemoved'),
                    );
                }}
              >
                {t('admin.invoices.removePayment')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {invoice.due > 0 && (
        <form className="form order-action" onSubmit={submit} aria-labelledby="payment-title">
          <h3 id="payment-title" className="form__title">
            {t('admin.invoices.paymentTitle')}
          </h3>
          <PaymentFields form={form} setForm={setForm} busy={busy} due={invoice.due} currency={invoice.currency ?? 'EUR'} />
          <button type="submit" className="button" disabled={busy || !form.amount.trim()}>
            {t('admin.invoices.addPayment')}
          </button>
        </form>
      )}
    </section>
  );
}

/** A credit note on an invoice: returned pieces by line, or an amount excl. VAT, or (neither) all that is left. */
export function CreditNoteForm({ invoice, busy, act }: { invoice: InvoiceDocument; busy: boolean; act: Act }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const lines = invoice.lines.map((l) => ({ lineId: l.id, quantity: Number(quantities[l.id] ?? 0) })).filter((l) => l.quantity > 0);
    const body = { reason, ...(lines.length ? { lines } : amount.trim() ? { amount: Number(amount.replace(',', '.')) } : {}) };
    const ok = await act(
      () => api('POST /admin/invoices/:id/credit-notes', { params: { id: invoice.id }, lang, body }),
      (note) => t('admin.invoices.creditMade', { number: note.number }),
    );
    if (ok) {
      setQuantities({});
      setAmount('');
      setReason('');
    }
  }

  return (
    <form className="form order-action" onSubmit={submit} aria-labelledby="credit-title" data-testid="credit-form">
      <h2 id="credit-title" className="form__title">
        {t('admin.invoices.creditTitle')}
      </h2>
      <p className="field__hint">{t('admin.invoices.creditHint')}</p>
      <ul className="confirm-lines">
        {invoice.lines
          .filter((l) => l.quantity - l.credited > 0)
          .map((l) => {
            const what =
              l.kind === 'shipping'
                ? t('admin.invoices.shipping')
                : [l.product, l.colour, l.size === 'ONESIZE' ? t('order.oneSize') : l.size].filter(Boolean).join(' · ');
            return (
              <li key={l.id}>
                <label htmlFor={`credit-${l.id}`}>{t('admin.invoices.creditQuantity', { what })}</label>
                <input
                  id={`credit-${l.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.quantity - l.credited}
                  value={quantities[l.id] ?? ''}
                  disabled={busy || Boolean(amount.trim())}
                  onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value.replace(/[^\d]/g, '').slice(0, 5) }))}
                />
              </li>
            );
          })}
      </ul>
      <div className="field">
        <label htmlFor="credit-amount">{t('admin.invoices.creditAmount', { symbol: currencySymbol(invoice.currency ?? 'EUR', lang) })}</label>
        <input
          id="credit-amount"
          inputMode="decimal"
          value={amount}
          disabled={busy || Object.values(quantities).some((q) => Number(q) > 0)}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="credit-reason">{t('admin.invoices.creditReason')}</label>
        <textarea id="credit-reason" rows={2} maxLength={300} required value={reason} disabled={busy} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="button" disabled={busy || !reason.trim()}>
        {t('admin.invoices.creditSubmit')}
      </button>
    </form>
  );
}
