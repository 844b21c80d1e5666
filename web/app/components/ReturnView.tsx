// One return as the owner and the shop read it (issue 45): its status and steps, and per line what was
// asked and why (with its photos), what was accepted and what arrived.
import type { ReturnRecord } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { formatDateTime } from './OrderView.tsx';

export function ReturnStatusBadge({ status }: { status: ReturnRecord['status'] }) {
  const { t } = useTranslation();
  return <span className={`status-badge status-badge--${status}`}>{t(`returns.status.${status}`)}</span>;
}

/** The steps: asked, answered (instructions or the reason of a refusal), received. */
export function ReturnFacts({ record }: { record: ReturnRecord }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <dl className="facts">
      <div>
        <dt>{t('order.statusLabel')}</dt>
        <dd data-testid="return-status">
          <ReturnStatusBadge status={record.status} />
        </dd>
      </div>
      <div>
        <dt>{t('returns.asked')}</dt>
        <dd>
          {formatDateTime(record.requestedAt, lang)} · {t('order.parcel', { number: record.shipment.number })}
        </dd>
      </div>
      {record.instructions && (
        <div>
          <dt>{t('returns.instructions')}</dt>
          <dd className="pre-line">{record.instructions}</dd>
        </div>
      )}
      {record.refusal && (
        <div>
          <dt>{t('returns.refusal')}</dt>
          <dd>{record.refusal}</dd>
        </div>
      )}
      {record.receivedAt && (
        <div>
          <dt>{t('returns.receivedOn')}</dt>
          <dd>{formatDateTime(record.receivedAt, lang)}</dd>
        </div>
      )}
    </dl>
  );
}

export function ReturnLines({ record }: { record: ReturnRecord }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll" role="region" aria-label={t('returns.lines', { number: record.number })} tabIndex={0}>
      <table className="order-table">
        <thead>
          <tr>
            <th scope="col">{t('order.product')}</th>
            <th scope="col">{t('order.size')}</th>
            <th scope="col" className="num">
              {t('returns.askedCount')}
            </th>
            <th scope="col">{t('returns.reason')}</th>
            <th scope="col" className="num">
              {t('returns.acceptedCount')}
            </th>
            <th scope="col" className="num">
              {t('returns.receivedCount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {record.lines.map((l) => (
            <tr key={l.id}>
              <td>
                {l.productTitle} · {l.colorName}
                {l.reference && <span className="order-table__ref"> {l.reference}</span>}
              </td>
              <td>{l.size === 'ONESIZE' ? t('order.oneSize') : l.size}</td>
              <td className="num">{l.quantity}</td>
              <td>
                {t(`returns.reasons.${l.reason}`)}
                {l.note && <span className="order-table__pack"> — {l.note}</span>}
                {l.photos.length > 0 && (
                  <span className="return-photos">
                    {l.photos.map((url, i) => (
                      <a key={url} href={url} target="_blank" rel="noopener noreferrer">
                        <img src={url} alt={t('returns.photo', { n: i + 1 })} width={56} height={42} loading="lazy" />
                      </a>
                    ))}
                  </span>
                )}
              </td>
              <td className="num">{l.accepted ?? '—'}</td>
              <td className="num">
                {l.received ?? '—'}
                {l.received ? <span className="order-table__pack"> · {t(l.resellable ? 'returns.resellable' : 'returns.notResellable')}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
