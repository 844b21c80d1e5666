// The parts of the retailer's draft (/orders/draft): how it will split into orders, one line with its
// quantity and removal, and the totals against the minimum.
import type { CompanyDoor, Draft } from '@atelier/contract';
import { ORDER_QUANTITY_MAX, formatDiscount, formatPrice } from '@atelier/contract/pure';
import { deliveryText } from './OrderView.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';

type Line = Draft['lines'][number];

/** The orders the draft will make: at once, and one per delivery window. */
export function DraftSplit({
  orders,
  orderKey,
  currency,
}: {
  orders: Draft['orders'];
  orderKey: (o: Draft['orders'][number]) => string;
  currency?: string | undefined;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <div className="draft-split" data-testid="draft-split">
      <p>{t('order.split.title', { count: orders.length })}</p>
      <ol>
        {orders.map((o) => (
          <li key={orderKey(o)}>
            {o.mode === 'atOnce'
              ? t('order.split.atOnce')
              : o.delivery
                ? t('order.split.preBook', { season: o.season?.name ?? '', delivery: deliveryText(o.delivery, t, lang) })
                : t('order.split.preBookPlain')}{' '}
            — {t('order.split.pieces', { count: o.pieces, total: formatPrice(o.total, lang, currency) })}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One line: the colour and size (or its pack), its quantity (typed, or its pack's), its total, "Remove". */
export function DraftLine({
  line,
  groupTitle,
  busy,
  onQuantity,
  onRemove,
  currency,
}: {
  line: Line;
  currency?: string | undefined;
  groupTitle: string;
  busy: boolean;
  onQuantity: (n: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const label = t('order.grid.quantityLabel', { colour: line.colorName, size: line.size === 'ONESIZE' ? t('order.oneSize') : line.size });
  return (
    <li className="draft-line" data-testid="draft-line">
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
            if (Number.isInteger(n) && n >= 1 && n <= ORDER_QUANTITY_MAX && n !== line.quantity) onQuantity(n);
            else e.target.value = String(line.quantity);
          }}
        />
      )}
      <span className="draft-line__total">{formatPrice(line.total, lang, currency)}</span>
      <button
        type="button"
        className="button button--quiet button--small"
        disabled={busy}
        onClick={onRemove}
        aria-label={t('order.removeLine', { what: `${groupTitle}, ${label}` })}
      >
        {t('order.remove')}
      </button>
    </li>
  );
}

/** The draft's pieces and total, the minimum it must reach, the lines no longer available. */
export function DraftSummary({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const minimum = draft.minimum;
  return (
    <div className="draft-summary">
      <p>
        {t('order.grid.total', { count: draft.pieces })} <strong data-testid="draft-total">{formatPrice(draft.total, lang, draft.currency)}</strong>
      </p>
      {draft.discount ? (
        <p className="draft-discount" data-testid="draft-discount">
          {t('order.discount', { discount: formatDiscount(draft.discount, lang) })}
        </p>
      ) : null}
      {minimum && minimum.amount > 0 && (
        <p className={minimum.missing > 0 ? 'draft-minimum draft-minimum--short' : 'draft-minimum'} data-testid="draft-minimum">
          {t(`order.minimum.${minimum.kind}`, { amount: formatPrice(minimum.amount, lang, draft.currency) })}{' '}
          {minimum.missing > 0 ? t('order.minimum.missing', { amount: formatPrice(minimum.missing, lang, draft.currency) }) : t('order.minimum.reached')}
        </p>
      )}
      {draft.unavailable.length > 0 && <p className="field__error">{t('order.unavailable', { count: draft.unavailable.length })}</p>}
    </div>
  );
}

/** The door an order goes to (issue 46), asked when the person orders for more than one. */
export function DoorSelect({
  doors,
  value,
  disabled,
  onChange,
}: {
  doors: CompanyDoor[];
  value: number | null;
  disabled: boolean;
  onChange(id: number | null): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="order-door">{t('order.doorLabel')}</label>
      <select id="order-door" required value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">{t('order.doorChoose')}</option>
        {doors.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name} — {d.address.town}
          </option>
        ))}
      </select>
    </div>
  );
}
