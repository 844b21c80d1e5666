import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { InvoiceDocument, PostalAddress } from '@atelier/contract';
import { formatDay, formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/invoice';
import { FormMessage } from '../../components/Field.tsx';
import { InvoiceStatusBadge, PlatformStatusBadge } from '../../components/InvoiceView.tsx';
import { downloadFile } from '../../lib/download.ts';
import { CreditNoteForm, InvoicePayments } from '../../components/admin/InvoiceActions.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminInvoices', noindex: true });

const addressText = (a: PostalAddress) => [a.line1, a.line2, `${a.postcode} ${a.town}`, a.country].filter(Boolean).join('\n');

/** One invoice or credit note: what it says, its PDF; on an invoice, payments and credit notes. */
export default function AdminInvoice() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const { invoiceId } = useParams();
  const navigate = useNavigate();
  const { message, setMessage, fail } = useScreenMessage();
  const [invoice, setInvoice] = useState<InvoiceDocument | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Going from a credit note to its invoice and back: an answer for a document no longer shown is dropped.
    let current = true;
    api('GET /admin/invoices/:id', { params: { id: invoiceId! }, lang })
      .then((doc) => current && setInvoice(doc))
      .catch((error: unknown) => current && fail(error, 'admin.invoices.loadError'));
    return () => {
      current = false;
    };
  }, [api, invoiceId, lang, fail]);

  const act = useCallback(
    async (run: () => Promise<InvoiceDocument>, success: (doc: InvoiceDocument) => string) => {
      setBusy(true);
      setMessage(null);
      try {
        const doc = await run();
        setMessage({ kind: 'success', text: success(doc) });
        // A credit note is a document of its own: show it.
        if (invoice && doc.id !== invoice.id) navigate(`/admin/invoices/${doc.id}`);
        else setInvoice(doc);
        return true;
      } catch (error) {
        fail(error, 'admin.invoices.actionError');
        return false;
      } finally {
        setBusy(false);
      }
    },
    [invoice, navigate, setMessage, fail],
  );

  const money = (n: number) => formatPrice(n, lang);
  const title = invoice ? `${t(`invoices.types.${invoice.type}`)} ${invoice.number}` : t('admin.invoices.title');

  return (
    <div className="admin-page order-page">
      <p>
        <Link to="/admin/invoices">{t('admin.invoices.back')}</Link>
      </p>
      <h1 className="page-title">{title}</h1>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {invoice && (
        <>
          <p>
            <InvoiceStatusBadge status={invoice.status} />{' '}
            <button
              type="button"
              className="button button--quiet"
              onClick={() =>
                token &&
                downloadFile('GET /admin/invoices/:id.pdf', { params: { id: invoice.id } }, token).catch((e: unknown) => fail(e, 'invoices.downloadError'))
              }
            >
              {t('admin.invoices.pdf')}
            </button>
          </p>
          <dl className="facts">
            <div>
              <dt>{t('admin.invoices.buyer')}</dt>
              <dd className="pre-line">{`${invoice.buyer.name}\n${addressText(invoice.buyer.address)}`}</dd>
            </div>
            <div>
              <dt>{t('invoices.date')}</dt>
              <dd>{formatDay(invoice.issueDate, lang)}</dd>
            </div>
            {invoice.dueDate && (
              <div>
                <dt>{t('invoices.dueDate')}</dt>
                <dd>{formatDay(invoice.dueDate, lang)}</dd>
              </div>
            )}
            {invoice.orderNumber && invoice.orderId && (
              <div>
                <dt>{t('invoices.order')}</dt>
                <dd>
                  <Link to={`/admin/orders/${invoice.orderId}`}>{invoice.orderNumber}</Link>
                </dd>
              </div>
            )}
            {invoice.invoiceNumber && invoice.invoiceId && (
              <div>
                <dt>{t('invoices.types.invoice')}</dt>
                <dd>
                  <Link to={`/admin/invoices/${invoice.invoiceId}`}>{t('admin.invoices.ofInvoice', { number: invoice.invoiceNumber })}</Link>
                </dd>
              </div>
            )}
            {invoice.reason && (
              <div>
                <dt>{t('admin.invoices.reason')}</dt>
                <dd>{invoice.reason}</dd>
              </div>
            )}
            {invoice.platform && (
              <div data-testid="invoice-platform">
                <dt>{t('admin.platform.onInvoice')}</dt>
                <dd>
                  <PlatformStatusBadge platform={invoice.platform} />
                  {invoice.platform.reason && (
                    <p className="field__hint">
                      {t(invoice.platform.status === 'pending' ? 'admin.platform.waitingBecause' : 'admin.platform.because', {
                        reason: invoice.platform.reason,
                      })}
                    </p>
                  )}
                  {(invoice.platform.status === 'rejected' || (invoice.platform.status === 'pending' && invoice.platform.reason)) && (
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      disabled={busy}
                      onClick={() =>
                        void act(
                          () => api('POST /admin/invoices/:id/platform/resubmit', { params: { id: invoice.id }, lang }),
                          () => t('admin.platform.resubmitted'),
                        )
                      }
                    >
                      {t('admin.platform.resubmit')}
                    </button>
                  )}
                </dd>
              </div>
            )}
          </dl>
          <div className="table-scroll" role="region" aria-label={t('admin.invoices.lines')} tabIndex={0}>
            <table className="order-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.invoices.product')}</th>
                  <th scope="col">{t('admin.invoices.colour')}</th>
                  <th scope="col">{t('admin.invoices.size')}</th>
                  <th scope="col" className="num">
                    {t('admin.invoices.quantity')}
                  </th>
                  <th scope="col" className="num">
                    {t('admin.invoices.unitPrice')}
                  </th>
                  <th scope="col" className="num">
                    {t('admin.invoices.lineTotal')}
                  </th>
                  {invoice.type === 'invoice' && (
                    <th scope="col" className="num">
                      {t('admin.invoices.credited')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((l) => (
                  <tr key={l.id}>
                    <td>
                      {l.kind === 'shipping' ? t('admin.invoices.shipping') : l.product}
                      {l.reference && <span className="order-table__ref"> {l.reference}</span>}
                    </td>
                    <td>{l.colour ?? ''}</td>
                    <td>{l.size === 'ONESIZE' ? t('order.oneSize') : (l.size ?? '')}</td>
                    <td className="num">{l.quantity}</td>
                    <td className="num">{money(l.unitPrice)}</td>
                    <td className="num">{money(l.total)}</td>
                    {invoice.type === 'invoice' && <td className="num">{l.credited || ''}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="invoice-totals" data-testid="invoice-totals">
            <div>
              <dt>{t('admin.invoices.totalExcl')}</dt>
              <dd>{money(invoice.totalExclVat)}</dd>
            </div>
            {invoice.vatBreakdown.map((b) => (
              <div key={`${b.category}${b.rate}`}>
                <dt>
                  {b.exemption
                    ? t('admin.invoices.exempt', { category: b.category, exemption: b.exemption })
                    : t('admin.invoices.vatAt', { rate: b.rate, base: money(b.base) })}
                </dt>
                <dd>{money(b.vat)}</dd>
              </div>
            ))}
            <div className="invoice-totals__grand">
              <dt>{t('admin.invoices.totalIncl')}</dt>
              <dd>{money(invoice.totalInclVat)}</dd>
            </div>
            {invoice.type === 'invoice' && (
              <>
                <div>
                  <dt>{t('admin.invoices.creditedTotal')}</dt>
                  <dd>{money(invoice.credited)}</dd>
                </div>
                <div>
                  <dt>{t('admin.invoices.paid')}</dt>
                  <dd>{money(invoice.paid)}</dd>
                </div>
                <div className="invoice-totals__grand">
                  <dt>{t('admin.invoices.due')}</dt>
                  <dd data-testid="invoice-due">{money(invoice.due)}</dd>
                </div>
              </>
            )}
          </dl>
          {invoice.remindersSent.length > 0 && <p>{t('admin.invoices.reminders', { days: invoice.remindersSent.join(', ') })}</p>}
          {invoice.type === 'invoice' && (
            <>
              {invoice.creditNotes.length > 0 && (
                <section aria-labelledby="credit-notes-title">
                  <h2 id="credit-notes-title" className="section-title section-title--small">
                    {t('admin.invoices.creditNotes')}
                  </h2>
                  <ul>
                    {invoice.creditNotes.map((c) => (
                      <li key={c.id}>
                        <Link to={`/admin/invoices/${c.id}`}>{c.number}</Link> · {formatDay(c.issueDate, lang)} · {money(c.totalInclVat)}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              <InvoicePayments invoice={invoice} busy={busy} act={act} />
              {invoice.totalInclVat - invoice.credited > 0 && <CreditNoteForm invoice={invoice} busy={busy} act={act} />}
            </>
          )}
        </>
      )}
    </div>
  );
}
