// An order's parcels (issue 45), for the owner and for the shop: each with its day, carrier and tracking
// link, what it holds, its invoice and its delivery note; then what is still to follow, and when.
import type { ReactNode } from 'react';
import type { Order } from '@atelier/contract';
import { carrierName, formatDay } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';

type Line = Order['lines'][number];

/** What is left of a line: ordered, less what left and what will not. */
export const leftOf = (l: Line) => l.quantity - (l.shipped ?? 0) - (l.cancelled ?? 0);

function PieceList({ items, testId }: { items: Array<{ line: Line; quantity: number }>; testId: string }) {
  const { t } = useTranslation();
  return (
    <ul className="parcel__pieces" data-testid={testId}>
      {items.map(({ line, quantity }) => (
        <li key={line.id}>
          {line.productTitle} · {line.colorName} · {line.size === 'ONESIZE' ? t('order.oneSize') : line.size} × {quantity}
        </li>
      ))}
    </ul>
  );
}

/**
 * The parcels of an order and what follows. `documents` renders, per parcel, its invoice and delivery-note
 * links (the owner's screen and the shop's reach them by different routes).
 */
export function OrderShipments({ order, documents }: { order: Order; documents: (shipment: NonNullable<Order['shipments']>[number]) => ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const shipments = order.shipments ?? [];
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  const toFollow = order.lines.filter((l) => leftOf(l) > 0).map((line) => ({ line, quantity: leftOf(line) }));
  if (shipments.length === 0) return null;
  return (
    <section aria-labelledby="parcels-title" className="parcels">
      <h2 id="parcels-title" className="section-title section-title--small">
        {t('order.parcels')}
      </h2>
      <ol className="parcels__list">
        {shipments.map((s) => (
          <li key={s.id} className="parcel" data-testid="parcel">
            <p className="parcel__head">
              <strong>{t('order.parcel', { number: s.number })}</strong> · {formatDay(s.shippedAt.slice(0, 10), lang)}
              {s.carrier && <> · {carrierName(s.carrier)}</>}
              {s.tracking && <> · {s.tracking}</>}
              {s.trackingUrl && (
                <>
                  {' · '}
                  <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="parcel-tracking">
                    {t('order.followParcel')}
                  </a>
                </>
              )}
            </p>
            <PieceList
              testId="parcel-pieces"
              items={s.lines.filter((l) => byId.has(l.lineId)).map((l) => ({ line: byId.get(l.lineId)!, quantity: l.quantity }))}
            />
            <p className="parcel__documents">{documents(s)}</p>
          </li>
        ))}
      </ol>
      {order.status === 'partlyShipped' && toFollow.length > 0 && (
        <div className="parcels__follow" data-testid="to-follow">
          <h3 className="parcels__follow-title">
            {order.followDate ? t('order.toFollowOn', { date: formatDay(order.followDate, lang) }) : t('order.toFollow')}
          </h3>
          <PieceList testId="to-follow-pieces" items={toFollow} />
        </div>
      )}
    </section>
  );
}
