// One invoice or credit note as the owner reads it (/admin/invoices/:id): its facts (buyer, dates, order,
// credited invoice, reason, where it stands with the e-invoicing platform), its lines and its totals.
import { Link } from 'react-router';
import type { InvoiceDocument, PostalAddress } from '@atelier/contract';
import { formatDay, formatPrice, intlLocale } from '@atelier/contract/pure';
import { PlatformStatusBadge } from '../InvoiceView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';
import type { InvoiceAct } from './InvoiceActions.tsx';

const addressText = (a: PostalAddress) => [a.line1, a.line2, `${a.postcode} ${a.town}`, a.country].filter(Boolean).join('\n');

export function InvoiceFacts({ invoice, busy, act }: { invoice: InvoiceDocument; busy: boolean; act: InvoiceAct }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  return (
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
      {invoice.door && (
        <div>
          <dt>{t('order.door')}</dt>
          <dd>
            {invoice.door.name} · {invoice.door.town}
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
      {invoice.depositInvoice && (
        <div>
          <dt>{t('invoices.types.deposit')}</dt>
          <dd>
            <Link to={`/admin/invoices/${invoice.depositInvoice.id}`}>{invoice.depositInvoice.number}</Link>
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
  );
}

export function InvoiceLines({ invoice }: { invoice: InvoiceDocument }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const money = (n: number) => formatPrice(n, lang, invoice.currency);
  return (
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
  );
}

export function InvoiceTotals({ invoice }: { invoice: InvoiceDocument }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const money = (n: number) => formatPrice(n, lang, invoice.currency);
  return (
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
      {invoice.vatInEuros && (
        <div data-testid="invoice-vat-euros">
          <dt>
            {t('admin.invoices.vatInEuros', {
              rate: new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 6 }).format(invoice.vatInEuros.rate),
              currency: invoice.currency,
            })}
          </dt>
          <dd>{formatPrice(invoice.vatInEuros.vat, lang)}</dd>
        </div>
      )}
      {invoice.type === 'invoice' && (
        <>
          <div>
            <dt>{t('admin.invoices.creditedTotal')}</dt>
            <dd>{money(invoice.credited)}</dd>
          </div>
          {(invoice.prepaid ?? 0) > 0 && (
            <div data-testid="invoice-prepaid">
              <dt>{t('admin.invoices.prepaid', { number: invoice.depositInvoice?.number ?? '' })}</dt>
              <dd>{money(-(invoice.prepaid ?? 0))}</dd>
            </div>
          )}
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
  );
}
