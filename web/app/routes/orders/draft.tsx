import { Link } from 'react-router';
import type { Draft } from '@atelier/contract';

import type { Route } from './+types/draft';
import { FormMessage } from '../../components/Field.tsx';
import { RequireRole } from '../../components/Guard.tsx';
import { useTranslation } from '../../i18n/react.tsx';

import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';

import { deliveryText } from '../../components/OrderView.tsx';
import { useDraft } from '../../lib/use-draft.ts';
import { DoorSelect, DraftLine, DraftSplit, DraftSummary } from '../../components/DraftParts.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'order.draftTitle', noindex: true });

type Line = Draft['lines'][number];

/** The retailer's draft: lines by product and colour, quantities to change, the minimum, a note, "Send my order". */
function DraftScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { draft, note, setNote, busy, message, setQuantity, remove, send, doors, doorId, setDoorId } = useDraft();
  const chooseDoor = doors.length > 1;
  const lines = draft?.lines ?? [];

  // Lines grouped by the order they will make (at-once together, each delivery its own), then product.
  const orderKey = (l: Pick<Line, 'mode' | 'delivery'>) => (l.mode === 'atOnce' ? 'atOnce' : `preBook:${l.delivery?.id ?? ''}`);
  const deliveries = (draft?.orders ?? []).map((o) => {
    const groups = new Map<number, { title: string; reference: string | null; lines: Line[] }>();
    for (const line of lines.filter((l) => orderKey(l) === orderKey(o))) {
      const group = groups.get(line.productId) ?? { title: line.productTitle, reference: line.reference, lines: [] };
      group.lines.push(line);
      groups.set(line.productId, group);
    }
    return { order: o, key: orderKey(o), groups };
  });
  const split = deliveries.length > 1 || deliveries.some((d) => d.order.mode === 'atOnce' || d.order.delivery);
  const minimum = draft?.minimum;
  const GroupHeading = split ? 'h3' : 'h2';

  return (
    <div className="page page--narrow order-page">
      <h1 className="page-title">{t('order.draftTitle')}</h1>
      <p>
        <Link to="/account/orders">{t('order.myOrders')}</Link>
      </p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {draft === null ? (
        !message && <p role="status">{t('common.loading')}</p>
      ) : draft.lines.length === 0 ? (
        <p className="lead" data-testid="draft-empty">
          {t('order.empty')} <Link to="/collection">{t('order.browse')}</Link>
        </p>
      ) : (
        <>
          {split && <DraftSplit orders={draft.orders} orderKey={orderKey} currency={draft.currency} />}
          {deliveries.map((d) => (
            <section key={d.key} className="draft-delivery" aria-labelledby={split ? `draft-order-${d.key}` : undefined}>
              {split && (
                <h2 id={`draft-order-${d.key}`} className="section-title section-title--small">
                  {d.order.mode === 'atOnce'
                    ? t('order.groupAtOnce')
                    : d.order.delivery
                      ? t('order.groupPreBook', { delivery: deliveryText(d.order.delivery, t, lang) })
                      : t('order.mode.preBook')}
                </h2>
              )}
              {[...d.groups.entries()].map(([productId, group]) => (
                <section
                  key={productId}
                  className="draft-group"
                  aria-labelledby={split ? `draft-${d.key}-${productId} draft-order-${d.key}` : `draft-${d.key}-${productId}`}
                >
                  <GroupHeading id={`draft-${d.key}-${productId}`} className="draft-group__title">
                    <Link to={`/collection/${productId}`}>{group.title}</Link>
                    {group.reference && <span className="order-table__ref"> {group.reference}</span>}
                  </GroupHeading>
                  <ul className="draft-lines">
                    {group.lines.map((line) => (
                      <DraftLine
                        key={`${line.variantId}:${line.size}:${line.pack?.id ?? ''}`}
                        line={line}
                        groupTitle={group.title}
                        currency={draft.currency}
                        busy={busy}
                        onQuantity={(n) => void setQuantity(line, n)}
                        onRemove={() => void remove(line)}
                      />
                    ))}
                  </ul>
                </section>
              ))}
            </section>
          ))}
          <DraftSummary draft={draft} />
          <div className="field">
            <label htmlFor="order-note">{t('order.noteLabel')}</label>
            <textarea id="order-note" rows={3} maxLength={2000} value={note} disabled={busy} onChange={(e) => setNote(e.target.value)} />
          </div>
          {chooseDoor && <DoorSelect doors={doors} value={doorId} disabled={busy} onChange={setDoorId} />}
          <button type="button" className="button" disabled={busy || (minimum?.missing ?? 0) > 0 || (chooseDoor && doorId === null)} onClick={send}>
            {busy ? t('order.sending') : t('order.send')}
          </button>
        </>
      )}
    </div>
  );
}

export default function DraftRoute() {
  return (
    <RequireRole roles={['retailer']}>
      <DraftScreen />
    </RequireRole>
  );
}
