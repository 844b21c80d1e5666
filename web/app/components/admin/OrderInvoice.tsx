import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { CompanyForm } from '../CompanyForm.tsx';
import { FormMessage } from '../Field.tsx';

/**
 * An order's invoice for the owner: its number and status once issued; "Invoice waiting: …" with
 * what is missing, and "Issue the invoice" when nothing is; the shop's details to complete and its
 * payment reminders.
 */
export function OrderInvoice({ order, onChange }: { order: Order; onChange: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [busy, setBusy] = useState(false);
  const [reminders, setReminders] = useState<boolean | null>(null);
  const userId = order.shop.userId;

  useEffect(() => {
    if (!userId) return;
    api('GET /admin/stockists/:id/company', { params: { id: userId } })
      .then((c) => setReminders(c.reminders))
      .catch(() => setReminders(null));
  }, [api, userId]);

  async function issue() {
    setBusy(true);
    setMessage(null);
    try {
      const doc = await api('POST /admin/orders/:id/invoice', { params: { id: order.id }, lang });
      setMessage({ kind: 'success', text: t('admin.invoices.issued', { number: doc.number }) });
      onChange();
    } catch (error) {
      fail(error, 'admin.invoices.actionError');
    } finally {
      setBusy(false);
    }
  }

  async function toggleReminders(enabled: boolean) {
    try {
      const res = await api('PUT /admin/stockists/:id/reminders', { params: { id: userId! }, body: { enabled } });
      setReminders(res.reminders);
      setMessage({ kind: 'success', text: t('admin.invoices.remindersSaved') });
    } catch (error) {
      fail(error, 'admin.invoices.actionError');
    }
  }

  const waiting = order.invoiceWaiting ?? [];
  const retailerGaps = waiting.filter((g) => g !== 'seller');
  if (order.status !== 'shipped' && !order.invoice && !userId) return null;
  return (
    <section aria-labelledby="invoice-title" className="order-action">
      <h2 id="invoice-title" className="section-title section-title--small">
        {t('admin.invoices.orderTitle')}
      </h2>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {order.invoice && (
        <p data-testid="order-invoice">
          <Link to={`/admin/invoices/${order.invoice.id}`}>
            {t('admin.invoices.orderInvoice', { number: order.invoice.number, status: t(`invoices.statuses.${order.invoice.status}`) })}
          </Link>
        </p>
      )}
      {order.status === 'shipped' && !order.invoice && waiting.length > 0 && (
        <p className="invoice-waiting" data-testid="invoice-waiting">
          {t('admin.invoices.waiting', { missing: waiting.map((g) => t(`admin.invoices.gaps.${g}`)).join(', ') })}
          {waiting.includes('seller') && (
            <>
              {' '}
              <Link to="/admin/invoicing">{t('admin.nav.invoicing')}</Link>
            </>
          )}
        </p>
      )}
      {order.status === 'shipped' && !order.invoice && waiting.length === 0 && (
        <button type="button" className="button" disabled={busy} onClick={() => void issue()}>
          {t('admin.invoices.issue')}
        </button>
      )}
      {userId && reminders !== null && (
        <div className="field field--check">
          <input id="invoice-reminders" type="checkbox" checked={reminders} onChange={(e) => void toggleReminders(e.target.checked)} />
          <label htmlFor="invoice-reminders">{t('admin.invoices.remindersLabel')}</label>
        </div>
      )}
      {userId && (
        <details open={retailerGaps.length > 0}>
          <summary>{t('admin.invoices.completeTitle')}</summary>
          <CompanyForm retailerId={userId} title={t('admin.invoices.completeTitle')} onSaved={onChange} />
        </details>
      )}
    </section>
  );
}
