import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ORDER_QUANTITY_MAX, formatDay, formatPrice } from '@atelier/contract/pure';
import type { Availability, Draft, DraftLineInput, Size, SizeAvailability, TradeProduct } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { errorMessage } from '../lib/api.ts';
import { useLanguage } from '../lib/language.tsx';
import { announceDraft, lineInput } from '../lib/order-draft.ts';
import { useSession } from '../lib/session.tsx';
import { FormMessage } from './Field.tsx';

const key = (variantId: number, size: Size) => `${variantId}:${size}`;

/** What a size offers, in words: "12 in stock", "Pre-order · delivery …", "Available from …", "Sold out". */
export function availabilityText(a: SizeAvailability, t: ReturnType<typeof useTranslation>['t'], lang: 'fr' | 'en'): string {
  if (a.state === 'inStock') return t('order.grid.inStock', { count: a.available ?? 0 });
  if (a.state === 'preBook') return a.delivery ? t('order.grid.preBook', { delivery: a.delivery.name }) : t('order.grid.preBookPlain');
  if (a.state === 'incoming') return t('order.grid.incoming', { date: formatDay(a.availableFrom!, lang) });
  return t('order.grid.soldOut');
}

/**
 * The stockist's order grid on a product page: one row per colour, one quantity per size it
 * comes in, with what each size offers today (in stock, pre-order in a delivery window,
 * incoming from a date, or sold out: input disabled), line and product totals in the page's
 * locale. "Add to order" writes these quantities into the server-side draft with each line's
 * mode (0 removes a line); the server prices and checks it again.
 */
export function OrderGrid({ product }: { product: TradeProduct }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { authRequest } = useSession();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [offer, setOffer] = useState<Map<string, SizeAvailability>>(new Map());
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'success' | 'error'; text?: string }>({ kind: 'idle' });

  // Start from what the draft already holds for this product, and what each size offers.
  useEffect(() => {
    let cancelled = false;
    authRequest<Draft>(`/orders/draft?lang=${lang}`)
      .then((draft) => {
        if (cancelled) return;
        const mine: Record<string, string> = {};
        for (const line of draft.lines) if (line.productId === product.id) mine[key(line.variantId, line.size)] = String(line.quantity);
        setQuantities(mine);
      })
      .catch(() => undefined);
    authRequest<Availability>(`/wholesale/availability/${product.id}?lang=${lang}`)
      .then((found) => {
        if (cancelled) return;
        setOffer(new Map(found.variants.flatMap((v) => v.sizes.map((s) => [key(v.variantId, s.size), s] as const))));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [authRequest, product.id, lang]);

  const qty = (variantId: number, size: Size) => {
    const n = Number(quantities[key(variantId, size)] ?? '');
    return Number.isInteger(n) && n > 0 ? Math.min(n, ORDER_QUANTITY_MAX) : 0;
  };
  const variantTotal = (v: TradeProduct['variants'][number]) => v.sizes.reduce((sum, size) => sum + qty(v.id, size) * v.price, 0);
  const total = product.variants.reduce((sum, v) => sum + variantTotal(v), 0);
  const pieces = product.variants.reduce((sum, v) => sum + v.sizes.reduce((n, size) => n + qty(v.id, size), 0), 0);

  function lineFor(variantId: number, size: Size): DraftLineInput {
    const a = offer.get(key(variantId, size));
    const quantity = qty(variantId, size);
    if (a && (a.state === 'inStock' || a.state === 'incoming')) return { variantId, size, quantity, mode: 'atOnce' };
    if (a?.state === 'preBook') return { variantId, size, quantity, mode: 'preBook', deliveryId: a.delivery?.id ?? null };
    return { variantId, size, quantity };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'saving' });
    try {
      const draft = await authRequest<Draft>(`/orders/draft?lang=${lang}`);
      const ours = new Set(product.variants.map((v) => v.id));
      const lines: DraftLineInput[] = draft.lines.filter((l) => !ours.has(l.variantId)).map((l) => lineInput(l));
      for (const v of product.variants) {
        for (const size of v.sizes) if (qty(v.id, size) > 0 && offer.get(key(v.id, size))?.state !== 'soldOut') lines.push(lineFor(v.id, size));
      }
      const saved = await authRequest<Draft>(`/orders/draft?lang=${lang}`, { method: 'PUT', body: { lines } });
      announceDraft(saved);
      setState({ kind: 'success', text: t('order.grid.added', { count: saved.pieces }) });
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error, t('order.grid.error')) });
    }
  }

  return (
    <form className="order-grid" onSubmit={submit} aria-labelledby="order-grid-title" data-testid="order-grid">
      <h2 id="order-grid-title" className="order-grid__title">
        {t('order.grid.title')}
      </h2>
      {offer.size > 0 && <p className="order-grid__hint">{t('order.grid.modeHint')}</p>}
      {product.variants.map((v) => (
        <fieldset key={v.id} className="order-grid__row">
          <legend>
            <span className="swatch" style={{ background: v.colorCode ?? 'transparent' }} aria-hidden="true" /> {v.colorName}
            <span className="order-grid__price"> · {formatPrice(v.price, lang)}</span>
          </legend>
          <div className="order-grid__sizes">
            {v.sizes.map((size) => {
              const a = offer.get(key(v.id, size));
              const soldOut = a?.state === 'soldOut';
              const limit = a && (a.state === 'inStock' || a.state === 'incoming') && a.available !== null ? Math.min(a.available, ORDER_QUANTITY_MAX) : ORDER_QUANTITY_MAX;
              const stateId = `offer-${v.id}-${size}`;
              return (
                <div key={size} className="order-grid__cell" data-state={a?.state}>
                  <label className="order-grid__label">
                    <span className="order-grid__size" aria-hidden="true">
                      {size === 'ONESIZE' ? t('order.oneSize') : size}
                    </span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={limit}
                      step={1}
                      aria-label={t('order.grid.quantityLabel', { colour: v.colorName, size: size === 'ONESIZE' ? t('order.oneSize') : size })}
                      aria-describedby={a ? stateId : undefined}
                      disabled={soldOut}
                      value={soldOut ? '' : (quantities[key(v.id, size)] ?? '')}
                      placeholder="0"
                      onChange={(e) => setQuantities((q) => ({ ...q, [key(v.id, size)]: e.target.value.replace(/[^\d]/g, '').slice(0, 3) }))}
                    />
                  </label>
                  {a && (
                    <span id={stateId} className={`order-grid__state order-grid__state--${a.state}`} data-testid="size-offer">
                      {availabilityText(a, t, lang)}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
          <p className="order-grid__line-total" aria-live="off">
            {t('order.grid.lineTotal')} <strong>{formatPrice(variantTotal(v), lang)}</strong>
          </p>
        </fieldset>
      ))}
      <p className="order-grid__total" data-testid="grid-total">
        {t('order.grid.total', { count: pieces })} <strong>{formatPrice(total, lang)}</strong>
      </p>
      <div className="order-grid__actions">
        <button type="submit" className="button" disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? t('order.grid.adding') : t('order.grid.add')}
        </button>
        <Link to="/account/order">{t('order.grid.review')}</Link>
      </div>
      <div aria-live="polite">
        {state.kind === 'success' && <FormMessage kind="success">{state.text}</FormMessage>}
        {state.kind === 'error' && <FormMessage kind="error">{state.text}</FormMessage>}
      </div>
    </form>
  );
}
