import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Draft, DraftEntryInput } from '@atelier/contract';
import { ORDER_QUANTITY_MAX, formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/draft';
import { FormMessage } from '../../components/Field.tsx';
import { RequireRole } from '../../components/Guard.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { announceDraft, draftEntries, newIdempotencyKey, packGroup } from '../../lib/order-draft.ts';
import { deliveryText } from '../../components/OrderView.tsx';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'order.draftTitle', noindex: true });

type Line = Draft['lines'][number];

/** The retailer's draft: lines by product and colour, quantities to change, the minimum, a note, "Send my order". */
function DraftScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // One key per attempt: a retry after a timeout sends the same one, so it makes one order.
  const attempt = useRef<string | null>(null);

  const fail = useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage({ kind: 'error', text: errorMessage(error, t(fallback)) });
    },
    [navigate, t],
  );

  useEffect(() => {
    api('GET /orders/draft', { lang })
      .then(setDraft)
      .catch((error: unknown) => fail(error, 'order.loadError'));
  }, [api, lang, fail]);

  async function save(lines: DraftEntryInput[]) {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await api('PUT /orders/draft', { lang, body: { lines } });
      setDraft(saved);
      announceDraft(saved);
    } catch (error) {
      fail(error, 'order.saveError');
    } finally {
      setBusy(false);
    }
  }

  // Each line goes back with its mode and delivery, so changing a quantity never moves it.
  const lines = draft?.lines ?? [];
  // A line is one piece for one mode and delivery window: the same piece may be in two windows.
  // A line made by packs is its pack's: removed with the pack's other sizes.
  const same = (a: Line, b: Line) =>
    a.variantId === b.variantId && a.size === b.size && a.mode === b.mode && a.delivery?.id === b.delivery?.id && (a.pack?.id ?? null) === (b.pack?.id ?? null);
  const setQuantity = (line: Line, quantity: number) => save(draftEntries(lines, undefined, (l) => (same(l, line) ? quantity : l.quantity)));
  const remove = (line: Line) => save(draftEntries(lines, (l) => same(l, line) || (packGroup(line) !== null && packGroup(l) === packGroup(line))));

  async function send() {
    if (!draft) return;
    setBusy(true);
    setMessage(null);
    attempt.current ??= newIdempotencyKey();
    try {
      const order = await api('POST /orders/draft/submit', {
        lang,
        body: note.trim() ? { note: note.trim() } : {},
        headers: { 'idempotency-key': attempt.current },
      });
      attempt.current = null;
      announceDraft({ pieces: 0 });
      const made = order.orders?.length ?? 1;
      navigate(made > 1 ? `/account/orders?sent=${made}` : `/account/orders/${order.id}?sent=1`);
    } catch (error) {
      // A refusal (minimum, lines gone) is final for this attempt; a network failure keeps the key.
      if (error instanceof Error && 'status' in error) attempt.current = null;
      fail(error, 'order.sendError');
      setBusy(false);
    }
  }

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
          {split && (
            <div className="draft-split" data-testid="draft-split">
              <p>{t('order.split.title', { count: draft.orders.length })}</p>
              <ol>
                {draft.orders.map((o) => (
                  <li key={orderKey(o)}>
                    {o.mode === 'atOnce'
                      ? t('order.split.atOnce')
                      : o.delivery
                        ? t('order.split.preBook', { season: o.season?.name ?? '', delivery: deliveryText(o.delivery, t, lang) })
                        : t('order.split.preBookPlain')}{' '}
                    — {t('order.split.pieces', { count: o.pieces, total: formatPrice(o.total, lang) })}
                  </li>
                ))}
              </ol>
            </div>
          )}
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
                    {group.lines.map((line) => {
                      const label = t('order.grid.quantityLabel', { colour: line.colorName, size: line.size === 'ONESIZE' ? t('order.oneSize') : line.size });
                      return (
                        <li key={`${line.variantId}:${line.size}:${line.pack?.id ?? ''}`} className="draft-line" data-testid="draft-line">
                          <span className="draft-line__what">
                            <span className="swatch" style={{ background: line.colorCode ?? 'transparent' }} aria-hidden="true" /> {line.colorName} ·{' '}
                            {line.size === 'ONESIZE' ? t('order.oneSize') : line.size}
                            {line.pack && <span className="draft-line__pack"> · {t('order.fromPack', { packs: line.pack.packs, name: line.pack.name })}</span>}
                          </span>
                          {line.pack?.id ? (
                            <span className="draft-line__qty">{line.quantity}</span>
                          ) : (
                            <input
                              type="number"
                              inputMode="numeric"
                              min={1}
                              max={ORDER_QUANTITY_MAX}
                              aria-label={label}
                              defaultValue={line.quantity}
                              disabled={busy}
                              onBlur={(e) => {
                                const n = Number(e.target.value);
                                if (Number.isInteger(n) && n >= 1 && n <= ORDER_QUANTITY_MAX && n !== line.quantity) void setQuantity(line, n);
                                else e.target.value = String(line.quantity);
                              }}
                            />
                          )}
                          <span className="draft-line__total">{formatPrice(line.total, lang)}</span>
                          <button
                            type="button"
                            className="button button--quiet button--small"
                            disabled={busy}
                            onClick={() => remove(line)}
                            aria-label={t('order.removeLine', { what: `${group.title}, ${label}` })}
                          >
                            {t('order.remove')}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ))}
            </section>
          ))}
          <div className="draft-summary">
            <p>
              {t('order.grid.total', { count: draft.pieces })} <strong data-testid="draft-total">{formatPrice(draft.total, lang)}</strong>
            </p>
            {minimum && minimum.amount > 0 && (
              <p className={minimum.missing > 0 ? 'draft-minimum draft-minimum--short' : 'draft-minimum'} data-testid="draft-minimum">
                {t(`order.minimum.${minimum.kind}`, { amount: formatPrice(minimum.amount, lang) })}{' '}
                {minimum.missing > 0 ? t('order.minimum.missing', { amount: formatPrice(minimum.missing, lang) }) : t('order.minimum.reached')}
              </p>
            )}
            {draft.unavailable.length > 0 && <p className="field__error">{t('order.unavailable', { count: draft.unavailable.length })}</p>}
          </div>
          <div className="field">
            <label htmlFor="order-note">{t('order.noteLabel')}</label>
            <textarea id="order-note" rows={3} maxLength={2000} value={note} disabled={busy} onChange={(e) => setNote(e.target.value)} />
          </div>
          <button type="button" className="button" disabled={busy || (minimum?.missing ?? 0) > 0} onClick={send}>
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
