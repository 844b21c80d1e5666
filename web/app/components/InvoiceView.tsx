import { Link } from 'react-router';
import type { InvoicePlatform, InvoiceStatus, InvoiceSummary } from '@atelier/contract';
import { formatDay, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return <span className={`status-badge status-badge--${status}`}>{t(`invoices.statuses.${status}`)}</span>;
}

/** Where a document stands with the approved e-invoicing platform (the owner's views). */
export function PlatformStatusBadge({ platform }: { platform: InvoicePlatform }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--platform-${platform.status}`} title={platform.reason ?? undefined}>
      {t('admin.platform.badge', { status: t(`admin.platform.statuses.${platform.status}`) })}
    </span>
  );
}

/**
 * Invoices and credit notes as a table (scrolls inside its box on a phone). The owner's rows link
 * to the document and show the customer; the retailer's carry the PDF download.
 */
export function InvoiceTable({
  invoices,
  label,
  admin = false,
  onDownload,
}: {
  invoices: InvoiceSummary[];
  label: string;
  admin?: boolean;
  onDownload?: (invoice: InvoiceSummary) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="order-table">
        <thead>
          <tr>
            <th scope="col">{t('invoices.number')}</th>
            <th scope="col">{t('invoices.type')}</th>
            <th scope="col">{t('invoices.date')}</th>
            {admin && <th scope="col">{t('admin.invoices.customer')}</th>}
            <th scope="col">{t('invoices.order')}</th>
            <th scope="col" className="num">
              {t('invoices.total')}
            </th>
            <th scope="col" className="num">
              {t('invoices.dueAmount')}
            </th>
            <th scope="col">{t('invoices.dueDate')}</th>
            <th scope="col">{t('invoices.status')}</th>
            {onDownload && <th scope="col">{t('invoices.file')}</th>}
          </tr>
        </thead>
        <tbody>
          {invoices.map((d) => (
            <tr key={d.id} data-testid="invoice-row">
              <td>{admin ? <Link to={`/admin/invoices/${d.id}`}>{d.number}</Link> : d.number}</td>
              <td>
                {t(`invoices.types.${d.purpose === 'deposit' ? 'deposit' : d.type}`)}
                {d.invoiceNumber && <span className="order-table__ref"> {d.invoiceNumber}</span>}
              </td>
              <td>{formatDay(d.issueDate, lang)}</td>
              {admin && (
                <td>
                  {d.buyer} <span className="order-table__ref">{d.country}</span>
                </td>
              )}
              <td>
                {d.orderNumber && d.orderId ? <Link to={admin ? `/admin/orders/${d.orderId}` : `/account/orders/${d.orderId}`}>{d.orderNumber}</Link> : '—'}
                {d.door ? <span className="muted"> · {d.door.name}</span> : null}
              </td>
              <td className="num">{formatPrice(d.type === 'creditNote' ? -d.totalInclVat : d.totalInclVat, lang, d.currency)}</td>
              <td className="num">{d.type === 'invoice' ? formatPrice(d.due, lang, d.currency) : '—'}</td>
              <td>{d.dueDate ? formatDay(d.dueDate, lang) : '—'}</td>
              <td>
                <InvoiceStatusBadge status={d.status} />
                {admin && d.platform && (
                  <>
                    <br />
                    <PlatformStatusBadge platform={d.platform} />
                  </>
                )}
              </td>
              {onDownload && (
                <td>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() => onDownload(d)}
                    aria-label={t('invoices.downloadLabel', { number: d.number })}
                  >
                    {t('invoices.download')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
