import { Link } from 'react-router';
import type { Order, OrderStatus, OrderSummary } from '@atelier/contract';
import { carrierName, formatDay, formatDiscount, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { OrderNotes } from './OrderReview.tsx';

export function formatDateTime(iso: string, lang: 'fr' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A delivery window in words: `First delivery (1 Feb 2027 – 28 Feb 2027)`. */
export function deliveryText(d: { name: string; from: string; to: string }, t: ReturnType<typeof useTranslation>['t'], lang: 'fr' | 'en'): string {
  return t('order.deliveryValue', { name: d.name, from: formatDay(d.from, lang), to: formatDay(d.to, lang) });
}

/** Season, mode and delivery of an order, or of a summary row. */
export function orderModeText(o: Pick<OrderSummary, 'mode' | 'season' | 'delivery'>, t: ReturnType<typeof useTranslation>['t'], lang: 'fr' | 'en'): string {
  const parts = [o.season?.name, t(`order.mode.${o.mode}`), o.delivery ? deliveryText(o.delivery, t, lang) : null];
  return parts.filter(Boolean).join(' · ');
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <span className={`status-badge status-badge--${status}`}>{t(`order.status.${status}`)}</span>;
}

/** An order's lines as a table (scrolls inside its box on a phone), with the totals. */
export function OrderLinesTable({
  order,
}: {
  order: Pick<Order, 'lines' | 'pieces' | 'total' | 'discount' | 'currency'> & { shipments?: Order['shipments'] };
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  // Once a parcel has left, each line says how many of it left (and how many will not).
  const shipping = (order.shipments?.length ?? 0) > 0;
  return (
    <div className="table-scroll" role="region" aria-label={t('order.lines')} tabIndex={0}>
      <table className="order-table">
        <thead>
          <tr>
            <th scope="col">{t('order.product')}</th>
            <th scope="col">{t('order.colour')}</th>
            <th scope="col">{t('order.size')}</th>
            <th scope="col" className="num">
              {t('order.quantity')}
            </th>
            {shipping && (
              <th scope="col" className="num">
                {t('order.shippedCount')}
              </th>
            )}
            <th scope="col" className="num">
              {t('order.unitPrice')}
            </th>
            <th scope="col" className="num">
              {t('order.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l, i) => (
            <tr key={i}>
              <td>
                {l.productTitle}
                {l.reference && <span className="order-table__ref"> {l.reference}</span>}
              </td>
              <td>{l.colorName}</td>
              <td>
                {l.size === 'ONESIZE' ? t('order.oneSize') : l.size}
                {l.pack && <span className="order-table__pack"> · {t('order.fromPack', { packs: l.pack.packs, name: l.pack.name })}</span>}
              </td>
              <td className="num">{l.quantity}</td>
              {shipping && (
                <td className="num" data-testid="line-shipped">
                  {l.shipped ?? 0}
                  {(l.cancelled ?? 0) > 0 && <span className="order-table__pack"> · {t('order.cancelledCount', { count: l.cancelled })}</span>}
                </td>
              )}
              <td className="num">
                {l.listPrice ? <s className="order-table__list">{formatPrice(l.listPrice, lang, order.currency)}</s> : null}{' '}
                {formatPrice(l.unitPrice, lang, order.currency)}
              </td>
              <td className="num">{formatPrice(l.total, lang, order.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('order.totalLabel')}
            </th>
            <td className="num">{order.pieces}</td>
            {shipping && <td className="num">{order.lines.reduce((sum, l) => sum + (l.shipped ?? 0), 0)}</td>}
            <td />
            <td className="num">
              <strong>{formatPrice(order.total, lang, order.currency)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {order.discount ? (
        <p className="order-table__discount" data-testid="order-discount">
          {t('order.discountSent', { discount: formatDiscount(order.discount, lang) })}
        </p>
      ) : null}
    </div>
  );
}

/** Status, ship date, carrier, reason and the history of an order. */
export function OrderFacts({ order, owner = false }: { order: Order; owner?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <>
      <OrderNotes order={order} owner={owner} />
      <dl className="facts">
        <div>
          <dt>{t('order.statusLabel')}</dt>
          <dd data-testid="order-status">
            <StatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>{t('order.date')}</dt>
          <dd>{formatDateTime(order.createdAt, lang)}</dd>
        </div>
        {order.season && (
          <div>
            <dt>{t('order.season')}</dt>
            <dd data-testid="order-season">{order.season.name}</dd>
          </div>
        )}
        <div>
          <dt>{t('order.delivery')}</dt>
          <dd data-testid="order-mode">
            {order.mode === 'atOnce'
              ? t('order.mode.atOnce')
              : order.delivery
                ? `${t('order.mode.preBook')} · ${deliveryText(order.delivery, t, lang)}`
                : t('order.mode.preBook')}
          </dd>
        </div>
        {order.door && (
          <div>
            <dt>{t('order.door')}</dt>
            <dd data-testid="order-door">
              {order.door.name} — {order.door.town}
            </dd>
          </div>
        )}
        {order.placedBy && (
          <div>
            <dt>{t('order.placedBy')}</dt>
            <dd data-testid="order-placed-by">{order.placedBy.name ? `${order.placedBy.name} (${order.placedBy.email})` : order.placedBy.email}</dd>
          </div>
        )}
        {order.takenBy && (
          <div>
            <dt>{t('order.channel')}</dt>
            <dd data-testid="order-taken-by">{t('order.takenBy', { name: order.takenBy.name })}</dd>
          </div>
        )}
        {order.shipDate && (
          <div>
            <dt>{t('order.shipDate')}</dt>
            <dd data-testid="order-ship-date">{formatDay(order.shipDate, lang)}</dd>
          </div>
        )}
        {(order.carrier || order.tracking) && (
          <div>
            <dt>{t('order.carrier')}</dt>
            <dd data-testid="order-carrier">
              {[carrierName(order.carrier), order.tracking].filter(Boolean).join(' · ')}
              {order.trackingUrl && (
                <>
                  {' · '}
                  <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
                    {t('order.followParcel')}
                  </a>
                </>
              )}
            </dd>
          </div>
        )}
        {order.cancelReason && (
          <div>
            <dt>{t('order.cancelReason')}</dt>
            <dd>{order.cancelReason}</dd>
          </div>
        )}
        {order.note && (
          <div>
            <dt>{t('order.note')}</dt>
            <dd className="pre-line">{order.note}</dd>
          </div>
        )}
      </dl>
      <h2 className="section-title section-title--small">{t('order.history')}</h2>
      <ol className="order-history">
        {order.history.map((h, i) => (
          <li key={i}>
            <StatusBadge status={h.status} /> {formatDateTime(h.at, lang)} · {t(`order.${owner ? 'byForOwner' : 'by'}.${h.by}`)}
            {h.note && <span className="order-history__note"> — {h.note}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

/** A list of orders: number (a link), the shop when asked, date, status, pieces and total. */
export function OrderSummaryTable({
  orders,
  linkBase,
  label,
  showRetailer = false,
  testId,
  selection,
}: {
  orders: OrderSummary[];
  linkBase: string;
  label: string;
  showRetailer?: boolean;
  testId: string;
  /** The owner's list ticks orders for a pick list or a bulk shipment (issue 45). */
  selection?: { selected: ReadonlySet<number>; toggle: (id: number) => void };
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="order-table">
        <thead>
          <tr>
            {selection && (
              <th scope="col">
                <span className="visually-hidden">{t('order.select')}</span>
              </th>
            )}
            <th scope="col">{t('order.number')}</th>
            {showRetailer && <th scope="col">{t('order.shop')}</th>}
            <th scope="col">{t('order.date')}</th>
            <th scope="col">{t('order.delivery')}</th>
            <th scope="col">{t('order.statusLabel')}</th>
            <th scope="col" className="num">
              {t('order.pieces')}
            </th>
            <th scope="col" className="num">
              {t('order.totalLabel')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} data-testid={testId}>
              {selection && (
                <td>
                  <input
                    type="checkbox"
                    className="order-table__pick"
                    aria-label={t('order.selectOne', { number: o.number })}
                    checked={selection.selected.has(o.id)}
                    onChange={() => selection.toggle(o.id)}
                  />
                </td>
              )}
              <td className="nowrap">
                <Link to={`${linkBase}/${o.id}`}>{o.number}</Link>
              </td>
              {showRetailer && (
                <td>
                  {o.shop}
                  {o.door ? <span className="order-table__taken"> · {o.door.name}</span> : null}
                  {o.takenBy ? <span className="order-table__taken"> · {t('order.takenBy', { name: o.takenBy.name })}</span> : null}
                </td>
              )}
              <td className="nowrap">{formatDateTime(o.createdAt, lang)}</td>
              <td data-testid="order-row-mode">{orderModeText(o, t, lang)}</td>
              <td>
                <StatusBadge status={o.status} />
                {o.inReview && (
                  <span className="status-badge status-badge--review" data-testid="order-row-review">
                    {t('order.review.badge')}
                  </span>
                )}
              </td>
              <td className="num">{o.pieces}</td>
              <td className="num">{formatPrice(o.total, lang, o.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
