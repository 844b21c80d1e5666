import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ORDER_QUANTITY_MAX, formatDay, formatPrice } from '@atelier/contract/pure';
import type { Size, SizeAvailability, TradeProduct } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { errorMessage } from '../lib/api.ts';
import { useLanguage } from '../lib/language.tsx';
import { announceDraft } from '../lib/order-draft.ts';
import { cellKey, draftCells, gridModel, packKey, sizeKey, type GridModel, type GridVariant, type Offer, type Windows } from '../lib/order-grid.ts';
import { useSession } from '../lib/session.tsx';
import { FormMessage } from './Field.tsx';
import { WaitlistAsk } from './WaitlistAsk.tsx';

/** What a size offers, in words: "12 in stock", "Pre-order · delivery …", "Available from …", "Sold out". */
export function availabilityText(a: SizeAvailability, t: ReturnType<typeof useTranslation>['t'], lang: 'fr' | 'en'): string {
  if (a.state === 'inStock') return t('order.grid.inStock', { count: a.available ?? 0 });
  if (a.state === 'preBook') return a.delivery ? t('order.grid.preBook', { delivery: a.delivery.name }) : t('order.grid.preBookPlain');
  if (a.state === 'incoming') return t('order.grid.incoming', { date: formatDay(a.availableFrom!, lang) });
  return t('order.grid.soldOut');
}

type Quantities = { value: (cell: string) => string; set: (cell: string, text: string) => void };

/** What the draft already holds for this product, and what each size offers (none shown before that is known). */
function useGridData(product: TradeProduct) {
  const { lang } = useLanguage();
  const { api } = useSession();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [offer, setOffer] = useState<Offer>(new Map());
  const [windows, setWindows] = useState<Windows>([]);
  // The cells depend on what each size offers (a window per pre-ordered size): none is shown before
  // that is known, or a quantity typed into a cell about to be split by window would be lost.
  const [known, setKnown] = useState(false);
  useEffect(() => {
    let cancelled = false;
    api('GET /orders/draft', { lang })
      // What was typed while the draft was on its way stays (it is newer than the draft).
      .then((draft) => !cancelled && setQuantities((typed) => ({ ...draftCells(draft, product.id), ...typed })))
      .catch(() => undefined);
    api('GET /wholesale/availability/:id', { params: { id: product.id }, lang })
      .then((found) => {
        if (cancelled) return;
        setOffer(new Map(found.variants.flatMap((v) => v.sizes.map((s) => [sizeKey(v.variantId, s.size), s] as const))));
        setWindows(found.deliveries ?? []);
        setKnown(true);
      })
      .catch(() => !cancelled && setKnown(true));
    return () => {
      cancelled = true;
    };
  }, [api, product.id, lang]);
  const cells: Quantities = {
    value: (cell) => quantities[cell] ?? '',
    set: (cell, text) => setQuantities((q) => ({ ...q, [cell]: text.replace(/[^\d]/g, '').slice(0, 3) })),
  };
  return { quantities, cells, offer, windows, known };
}

type InputProps = { cell: string; cells: Quantities; label: string; describedBy?: string; limit?: number; step: number; disabled?: boolean };

/** One quantity: digits only, three at most; a sold-out size shows none. */
function QuantityInput({ cell, cells, label, describedBy, limit = ORDER_QUANTITY_MAX, step, disabled = false }: InputProps) {
  return (
    <input
      type="number"
      inputMode="numeric"
      min={0}
      max={limit}
      step={step}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      value={disabled ? '' : cells.value(cell)}
      placeholder="0"
      onChange={(e) => cells.set(cell, e.target.value)}
    />
  );
}

const useSizeName = () => {
  const { t } = useTranslation();
  return (size: Size) => (size === 'ONESIZE' ? t('order.oneSize') : size);
};

type RowProps = { v: GridVariant; model: GridModel; offer: Offer; windows: Windows; cells: Quantities };

/** A colour's sizes taken at once (or pre-ordered in the only window), each with what it offers. */
function SizeCells({ v, sizes, model, offer, cells }: Omit<RowProps, 'windows'> & { sizes: Size[] }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const sizeName = useSizeName();
  return (
    <div className="order-grid__sizes">
      {sizes.map((size) => {
        const a = offer.get(sizeKey(v.id, size));
        const limit = a && (a.state === 'inStock' || a.state === 'incoming') && a.available !== null ? Math.min(a.available, ORDER_QUANTITY_MAX) : undefined;
        const stateId = `offer-${v.id}-${size}`;
        return (
          <div key={size} className="order-grid__cell" data-state={a?.state}>
            <label className="order-grid__label">
              <span className="order-grid__size" aria-hidden="true">
                {sizeName(size)}
              </span>
              <QuantityInput
                cell={cellKey(v.id, size, model.cellsOf(v.id, size)[0] ?? null)}
                cells={cells}
                label={t('order.grid.quantityLabel', { colour: v.colorName, size: sizeName(size) })}
                describedBy={a ? stateId : undefined}
                limit={limit}
                step={model.multiple}
                disabled={a?.state === 'soldOut'}
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
  );
}

/** With several delivery windows: a colour's pre-ordered sizes, a row per window. */
function WindowCells({ v, sizes, model, windows, cells }: Omit<RowProps, 'offer'> & { sizes: Size[] }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const sizeName = useSizeName();
  return (
    <>
      {windows.map((w) => {
        const when = t('order.deliveryValue', { name: w.name, from: formatDay(w.from, lang), to: formatDay(w.to, lang) });
        return (
          <div key={w.id} className="order-grid__window" role="group" aria-label={t('order.grid.preBook', { delivery: when })} data-testid="grid-window">
            <p className="order-grid__window-title" aria-hidden="true">
              {t('order.grid.preBook', { delivery: when })}
            </p>
            <div className="order-grid__sizes">
              {sizes.map((size) => (
                <div key={size} className="order-grid__cell" data-state="preBook">
                  <label className="order-grid__label">
                    <span className="order-grid__size" aria-hidden="true">
                      {sizeName(size)}
                    </span>
                    <QuantityInput
                      cell={cellKey(v.id, size, w.id)}
                      cells={cells}
                      label={t('order.grid.windowQuantityLabel', { colour: v.colorName, size: sizeName(size), delivery: w.name })}
                      step={model.multiple}
                    />
                  </label>
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </>
  );
}

/** A colour's packs (their sizes' ratio in the label), at once or per delivery window as their first size goes. */
function PackCells({ v, model, windows, cells }: Omit<RowProps, 'offer'>) {
  const { t } = useTranslation();
  const sizeName = useSizeName();
  return (
    <div className="order-grid__packs" data-testid="grid-packs">
      {model.packs.map((pack) => {
        const ratio = (Object.entries(pack.sizes) as Array<[Size, number]>).map(([size, n]) => `${n} ${sizeName(size)}`).join(' · ');
        return model.packCells(v, pack).map((d) => {
          const window = d === null ? null : windows.find((w) => w.id === d);
          const where = model.several && window ? ` · ${window.name}` : '';
          return (
            <div key={`${pack.id}:${d ?? 'now'}`} className="order-grid__cell order-grid__cell--pack">
              <label className="order-grid__label">
                <span className="order-grid__size" aria-hidden="true">
                  {pack.name} ({ratio}){where}
                </span>
                <QuantityInput
                  cell={packKey(v.id, pack.id, d)}
                  cells={cells}
                  label={t('order.grid.packLabel', { colour: v.colorName, pack: pack.name, sizes: ratio }) + where}
                  step={1}
                />
              </label>
            </div>
          );
        });
      })}
    </div>
  );
}

/** One colour: its sizes (with several windows, the pre-ordered ones get a row per window below), its packs, its total. */
function ColourRow({ v, model, offer, windows, cells }: RowProps) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  // A style sold in packs only takes packs, no loose piece.
  const loose = model.packsOnly ? [] : v.sizes;
  const preBook = (size: Size) => offer.get(sizeKey(v.id, size))?.state === 'preBook';
  const rowSizes = model.several ? loose.filter((size) => !preBook(size)) : loose;
  const windowSizes = model.several ? loose.filter(preBook) : [];
  return (
    <fieldset className="order-grid__row">
      <legend>
        <span className="swatch" style={{ background: v.colorCode ?? 'transparent' }} aria-hidden="true" /> {v.colorName}
        <span className="order-grid__price"> · {formatPrice(v.price, lang, model.currency)}</span>
      </legend>
      {rowSizes.length > 0 && <SizeCells v={v} sizes={rowSizes} model={model} offer={offer} cells={cells} />}
      {windowSizes.length > 0 && <WindowCells v={v} sizes={windowSizes} model={model} windows={windows} cells={cells} />}
      {model.packs.length > 0 && <PackCells v={v} model={model} windows={windows} cells={cells} />}
      <p className="order-grid__line-total" aria-live="off">
        {t('order.grid.lineTotal')} <strong>{formatPrice(model.variantTotal(v), lang, model.currency)}</strong>
      </p>
    </fieldset>
  );
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
  const { quantities, cells, offer, windows, known } = useGridData(product);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'success' | 'error'; text?: string }>({ kind: 'idle' });
  const model = gridModel(product, offer, windows, quantities);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'saving' });
    try {
      const draft = await api('GET /orders/draft', { lang });
      const saved = await api('PUT /orders/draft', { lang, body: { lines: model.entries(draft) } });
      announceDraft(saved);
      setState({ kind: 'success', text: t('order.grid.added', { count: saved.pieces }) });
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error, t('order.grid.error')) });
    }
  }

  return (
    <>
      <form className="order-grid" onSubmit={submit} aria-labelledby="order-grid-title" data-testid="order-grid">
        <h2 id="order-grid-title" className="order-grid__title">
          {t('order.grid.title')}
        </h2>
        {offer.size > 0 && <p className="order-grid__hint">{t(model.several ? 'order.grid.windowsHint' : 'order.grid.modeHint')}</p>}
        {(model.packsOnly || model.multiple > 1) && (
          <p className="order-grid__hint" data-testid="grid-selling">
            {model.packsOnly ? t('order.grid.packsOnly') : t('order.grid.multiple', { count: model.multiple })}
          </p>
        )}
        {!known && (
          <p className="status-message" role="status">
            {t('common.loading')}
          </p>
        )}
        {known && product.variants.map((v) => <ColourRow key={v.id} v={v} model={model} offer={offer} windows={windows} cells={cells} />)}
        <p className="order-grid__total" data-testid="grid-total">
          {t('order.grid.total', { count: model.pieces })} <strong>{formatPrice(model.total, lang, model.currency)}</strong>
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
      {known && <WaitlistAsk product={product} offer={offer} />}
    </>
  );
}
