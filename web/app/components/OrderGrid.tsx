import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ORDER_QUANTITY_MAX, formatDay, formatPrice } from '@atelier/contract/pure';
import type { Availability, DraftEntryInput, DraftLineInput, Size, SizeAvailability, TradeProduct } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { errorMessage } from '../lib/api.ts';
import { useLanguage } from '../lib/language.tsx';
import { announceDraft, draftEntries } from '../lib/order-draft.ts';
import { useSession } from '../lib/session.tsx';
import { FormMessage } from './Field.tsx';

const key = (variantId: number, size: Size) => `${variantId}:${size}`;
/** A quantity's cell: one piece, at once (null) or for one delivery window. */
const cellKey = (variantId: number, size: Size, deliveryId: number | null) => `${variantId}:${size}:${deliveryId ?? 'now'}`;
/** A pack's cell: so many packs of one colour, at once (null) or for one delivery window. */
const packKey = (variantId: number, packId: number, deliveryId: number | null) => `pack:${packId}:${variantId}:${deliveryId ?? 'now'}`;

/** What a size offers, in words: "12 in stock", "Pre-order · delivery …", "Available from …", "Sold out". */
export function availabilityText(a: SizeAvailability, t: ReturnType<typeof useTranslation>['t'], lang: 'fr' | 'en'): string {
  if (a.state === 'inStock') return t('order.grid.inStock', { count: a.available ?? 0 });
  if (a.state === 'preBook') return a.delivery ? t('order.grid.preBook', { delivery: a.delivery.name }) : t('order.grid.preBookPlain');
  if (a.state === 'incoming') return t('order.grid.incoming', { date: formatDay(a.availableFrom!, lang) });
  return t('order.grid.soldOut');
}

/**
 * The retailer's order grid on a product page: one row per colour, one quantity per size it
 * comes in, with what each size offers today (in stock, pre-order in a delivery window,
 * incoming from a date, or sold out: input disabled), line and product totals in the page's
 * locale. Where the product's season has several delivery windows, a pre-ordered size takes a
 * quantity per window (3 for February, 1 for April: two lines of the draft). "Add to order" writes
 * these quantities into the server-side draft with each line's mode and window (0 removes a line;
 * the draft's lines this grid does not show are kept); the server prices and checks it again.
 */
export function OrderGrid({ product }: { product: TradeProduct }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [offer, setOffer] = useState<Map<string, SizeAvailability>>(new Map());
  const [windows, setWindows] = useState<Availability['deliveries']>([]);
  // The cells depend on what each size offers (a window per pre-ordered size): none is shown before
  // that is known, or a quantity typed into a cell about to be split by window would be lost.
  const [known, setKnown] = useState(false);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'success' | 'error'; text?: string }>({ kind: 'idle' });

  // Start from what the draft already holds for this product, and what each size offers.
  useEffect(() => {
    let cancelled = false;
    api('GET /orders/draft', { lang })
      .then((draft) => {
        if (cancelled) return;
        const mine: Record<string, string> = {};
        for (const line of draft.lines) {
          if (line.productId !== product.id) continue;
          const where = line.mode === 'atOnce' ? null : (line.delivery?.id ?? null);
          if (line.pack?.id) mine[packKey(line.variantId, line.pack.id, where)] = String(line.pack.packs);
          else mine[cellKey(line.variantId, line.size, where)] = String(line.quantity);
        }
        // What was typed while the draft was on its way stays (it is newer than the draft).
        setQuantities((typed) => ({ ...mine, ...typed }));
      })
      .catch(() => undefined);
    api('GET /wholesale/availability/:id', { params: { id: product.id }, lang })
      .then((found) => {
        if (cancelled) return;
        setOffer(new Map(found.variants.flatMap((v) => v.sizes.map((s) => [key(v.variantId, s.size), s] as const))));
        setWindows(found.deliveries ?? []);
        setKnown(true);
      })
      .catch(() => !cancelled && setKnown(true));
    return () => {
      cancelled = true;
    };
  }, [api, product.id, lang]);

  const several = windows.length > 1;
  /** The cells a size has: one per delivery window for a pre-order when there are several, else one. */
  const cellsOf = (variantId: number, size: Size): Array<number | null> => {
    const a = offer.get(key(variantId, size));
    if (a?.state !== 'preBook') return [null];
    return several ? windows.map((w) => w.id) : [a.delivery?.id ?? null];
  };
  const qty = (cell: string) => {
    const n = Number(quantities[cell] ?? '');
    return Number.isInteger(n) && n > 0 ? Math.min(n, ORDER_QUANTITY_MAX) : 0;
  };
  const packs = product.packs ?? [];
  const packsOnly = product.packsOnly ?? false;
  const multiple = product.orderMultiple ?? 1;
  /** Where a pack of this colour goes: as its first size does (at once, or each delivery window). */
  const packCells = (v: TradeProduct['variants'][number], pack: (typeof packs)[number]): Array<number | null> => {
    const first = (Object.keys(pack.sizes) as Size[]).find((size) => v.sizes.includes(size));
    return first ? cellsOf(v.id, first) : [];
  };
  const packPieces = (pack: (typeof packs)[number]) => Object.values(pack.sizes).reduce<number>((n, c) => n + (c ?? 0), 0);
  const variantPieces = (v: TradeProduct['variants'][number]) =>
    (packsOnly ? 0 : v.sizes.reduce((sum, size) => sum + cellsOf(v.id, size).reduce<number>((n, d) => n + qty(cellKey(v.id, size, d)), 0), 0)) +
    packs.reduce((sum, pack) => sum + packCells(v, pack).reduce<number>((n, d) => n + qty(packKey(v.id, pack.id, d)) * packPieces(pack), 0), 0);
  const variantTotal = (v: TradeProduct['variants'][number]) => variantPieces(v) * v.price;
  const total = product.variants.reduce((sum, v) => sum + variantTotal(v), 0);
  const pieces = product.variants.reduce((sum, v) => sum + variantPieces(v), 0);

  function lineFor(variantId: number, size: Size, deliveryId: number | null): DraftLineInput {
    const a = offer.get(key(variantId, size));
    const quantity = qty(cellKey(variantId, size, deliveryId));
    if (a && (a.state === 'inStock' || a.state === 'incoming')) return { variantId, size, quantity, mode: 'atOnce' };
    if (a?.state === 'preBook') return { variantId, size, quantity, mode: 'preBook', deliveryId };
    return { variantId, size, quantity };
  }
  /** So many packs of a colour, placed as the pack's first size is. */
  function packLineFor(v: TradeProduct['variants'][number], pack: (typeof packs)[number], deliveryId: number | null): DraftEntryInput {
    const first = (Object.keys(pack.sizes) as Size[]).find((size) => v.sizes.includes(size))!;
    const { mode } = lineFor(v.id, first, deliveryId);
    return {
      variantId: v.id,
      packId: pack.id,
      packs: qty(packKey(v.id, pack.id, deliveryId)),
      ...(mode ? { mode } : {}),
      ...(mode === 'preBook' ? { deliveryId } : {}),
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'saving' });
    try {
      const draft = await api('GET /orders/draft', { lang });
      // The grid's cells replace the draft's lines they show; every other line is kept as it is.
      const shown = new Set<string>();
      for (const v of product.variants) {
        if (!packsOnly) for (const size of v.sizes) for (const d of cellsOf(v.id, size)) shown.add(cellKey(v.id, size, d));
        for (const pack of packs) for (const d of packCells(v, pack)) shown.add(packKey(v.id, pack.id, d));
      }
      const lines: DraftEntryInput[] = draftEntries(draft.lines, (l) => {
        const where = l.mode === 'atOnce' ? null : (l.delivery?.id ?? null);
        return shown.has(l.pack?.id ? packKey(l.variantId, l.pack.id, where) : cellKey(l.variantId, l.size, where));
      });
      for (const v of product.variants) {
        if (!packsOnly) {
          for (const size of v.sizes) {
            if (offer.get(key(v.id, size))?.state === 'soldOut') continue;
            for (const d of cellsOf(v.id, size)) if (qty(cellKey(v.id, size, d)) > 0) lines.push(lineFor(v.id, size, d));
          }
        }
        for (const pack of packs) for (const d of packCells(v, pack)) if (qty(packKey(v.id, pack.id, d)) > 0) lines.push(packLineFor(v, pack, d));
      }
      const saved = await api('PUT /orders/draft', { lang, body: { lines } });
      announceDraft(saved);
      setState({ kind: 'success', text: t('order.grid.added', { count: saved.pieces }) });
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error, t('order.grid.error')) });
    }
  }

  const sizeName = (size: Size) => (size === 'ONESIZE' ? t('order.oneSize') : size);
  const input = (
    v: TradeProduct['variants'][number],
    size: Size,
    deliveryId: number | null,
    label: string,
    describedBy: string | undefined,
    limit: number,
    disabled = false,
    packCell?: string,
  ) => {
    const cell = packCell ?? cellKey(v.id, size, deliveryId);
    return (
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={limit}
        step={packCell ? 1 : multiple}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={disabled}
        value={disabled ? '' : (quantities[cell] ?? '')}
        placeholder="0"
        onChange={(e) => setQuantities((q) => ({ ...q, [cell]: e.target.value.replace(/[^\d]/g, '').slice(0, 3) }))}
      />
    );
  };

  return (
    <form className="order-grid" onSubmit={submit} aria-labelledby="order-grid-title" data-testid="order-grid">
      <h2 id="order-grid-title" className="order-grid__title">
        {t('order.grid.title')}
      </h2>
      {offer.size > 0 && <p className="order-grid__hint">{t(several ? 'order.grid.windowsHint' : 'order.grid.modeHint')}</p>}
      {(packsOnly || multiple > 1) && (
        <p className="order-grid__hint" data-testid="grid-selling">
          {packsOnly ? t('order.grid.packsOnly') : t('order.grid.multiple', { count: multiple })}
        </p>
      )}
      {!known && (
        <p className="status-message" role="status">
          {t('common.loading')}
        </p>
      )}
      {known &&
        product.variants.map((v) => {
          // With several windows, pre-ordered sizes get a row per window below; the others stay in this row.
          // A style sold in packs only takes packs, no loose piece.
          const loose = packsOnly ? [] : v.sizes;
          const rowSizes = several ? loose.filter((size) => offer.get(key(v.id, size))?.state !== 'preBook') : loose;
          const windowSizes = several ? loose.filter((size) => offer.get(key(v.id, size))?.state === 'preBook') : [];
          return (
            <fieldset key={v.id} className="order-grid__row">
              <legend>
                <span className="swatch" style={{ background: v.colorCode ?? 'transparent' }} aria-hidden="true" /> {v.colorName}
                <span className="order-grid__price"> · {formatPrice(v.price, lang)}</span>
              </legend>
              {rowSizes.length > 0 && (
                <div className="order-grid__sizes">
                  {rowSizes.map((size) => {
                    const a = offer.get(key(v.id, size));
                    const soldOut = a?.state === 'soldOut';
                    const limit =
                      a && (a.state === 'inStock' || a.state === 'incoming') && a.available !== null
                        ? Math.min(a.available, ORDER_QUANTITY_MAX)
                        : ORDER_QUANTITY_MAX;
                    const stateId = `offer-${v.id}-${size}`;
                    return (
                      <div key={size} className="order-grid__cell" data-state={a?.state}>
                        <label className="order-grid__label">
                          <span className="order-grid__size" aria-hidden="true">
                            {sizeName(size)}
                          </span>
                          {input(
                            v,
                            size,
                            cellsOf(v.id, size)[0] ?? null,
                            t('order.grid.quantityLabel', { colour: v.colorName, size: sizeName(size) }),
                            a ? stateId : undefined,
                            limit,
                            soldOut,
                          )}
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
              )}
              {windowSizes.length > 0 &&
                windows.map((w) => {
                  const when = t('order.deliveryValue', { name: w.name, from: formatDay(w.from, lang), to: formatDay(w.to, lang) });
                  return (
                    <div
                      key={w.id}
                      className="order-grid__window"
                      role="group"
                      aria-label={t('order.grid.preBook', { delivery: when })}
                      data-testid="grid-window"
                    >
                      <p className="order-grid__window-title" aria-hidden="true">
                        {t('order.grid.preBook', { delivery: when })}
                      </p>
                      <div className="order-grid__sizes">
                        {windowSizes.map((size) => (
                          <div key={size} className="order-grid__cell" data-state="preBook">
                            <label className="order-grid__label">
                              <span className="order-grid__size" aria-hidden="true">
                                {sizeName(size)}
                              </span>
                              {input(
                                v,
                                size,
                                w.id,
                                t('order.grid.windowQuantityLabel', { colour: v.colorName, size: sizeName(size), delivery: w.name }),
                                undefined,
                                ORDER_QUANTITY_MAX,
                              )}
                            </label>
                          </div>
                        ))}
                      </div>
                    </div>
                  );
                })}
              {packs.length > 0 && (
                <div className="order-grid__packs" data-testid="grid-packs">
                  {packs.map((pack) => {
                    const ratio = (Object.entries(pack.sizes) as Array<[Size, number]>).map(([size, n]) => `${n} ${sizeName(size)}`).join(' · ');
                    return packCells(v, pack).map((d) => {
                      const window = d === null ? null : windows.find((w) => w.id === d);
                      const label =
                        t('order.grid.packLabel', { colour: v.colorName, pack: pack.name, sizes: ratio }) + (several && window ? ` · ${window.name}` : '');
                      return (
                        <div key={`${pack.id}:${d ?? 'now'}`} className="order-grid__cell order-grid__cell--pack">
                          <label className="order-grid__label">
                            <span className="order-grid__size" aria-hidden="true">
                              {pack.name} ({ratio}){several && window ? ` · ${window.name}` : ''}
                            </span>
                            {input(v, 'ONESIZE', d, label, undefined, ORDER_QUANTITY_MAX, false, packKey(v.id, pack.id, d))}
                          </label>
                        </div>
                      );
                    });
                  })}
                </div>
              )}
              <p className="order-grid__line-total" aria-live="off">
                {t('order.grid.lineTotal')} <strong>{formatPrice(variantTotal(v), lang)}</strong>
              </p>
            </fieldset>
          );
        })}
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
