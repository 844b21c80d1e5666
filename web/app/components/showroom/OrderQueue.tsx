import { useTranslation } from '../../i18n/react.tsx';
import type { TakenOrder } from '../../lib/showroom-store.ts';

/** The orders taken on this tablet and where each stands; a refused one can be mended. */
export function OrderQueue({
  queue,
  waiting,
  when,
  onMend,
}: {
  queue: TakenOrder[];
  waiting: number;
  when: (iso: string) => string;
  onMend: (order: TakenOrder) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="showroom__queue" aria-label={t('admin.showroom.queue', { count: waiting })}>
      {queue.length === 0 ? <p>{t('admin.showroom.empty')}</p> : null}
      <ul>
        {queue.map((order) => (
          <li key={order.id} className={`queue-item queue-item--${order.state}`} data-order={order.id}>
            <p>
              <strong>{order.shopName}</strong> · {t('admin.showroom.takenAt', { when: when(order.takenAt) })}
            </p>
            <p className="queue-item__state">
              {order.state === 'sent'
                ? t('admin.showroom.status.sent', { numbers: order.answer?.orders.map((o) => o.number).join(', ') ?? '' })
                : t(`admin.showroom.status.${order.state}`)}
            </p>
            {order.state === 'refused' ? (
              <>
                <Reasons reasons={order.reasons} />
                <button type="button" className="button button--small" onClick={() => onMend(order)}>
                  {t('admin.showroom.edit')}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why an order came back, line by line. */
export function Reasons({ reasons }: { reasons: TakenOrder['reasons'] }) {
  return (
    <ul className="queue-item__reasons">
      {reasons.map((r, i) => (
        <li key={i}>{r.message}</li>
      ))}
    </ul>
  );
}
