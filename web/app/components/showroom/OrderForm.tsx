import { formatDiscount, formatPrice } from '@atelier/contract/pure';
import type { Locale, NewShopInput, ShowroomSnapshot } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import type { TakenOrder } from '../../lib/showroom-store.ts';
import type { Quantities } from './lines.ts';
import { Reasons } from './OrderQueue.tsx';
import { ShopPicker } from './ShopPicker.tsx';
import { SignaturePad } from './SignaturePad.tsx';
import { StyleGrid } from './StyleGrid.tsx';

/** The order being typed, as the tablet keeps it. */
export interface OrderDraft {
  retailerId: number | null;
  /** The door of a company with several (issue 46). */
  doorId: number | null;
  newShop: NewShopInput | null;
  quantities: Quantities;
  note: string;
  signature: string;
}

/** The order form: the shop, the styles' quantities, the note and signature, the totals against the minimum. */
export function OrderForm({
  snapshot,
  draft,
  change,
  mending,
  restored,
  totals,
  lang,
  onSave,
}: {
  snapshot: ShowroomSnapshot;
  draft: OrderDraft;
  change: (patch: Partial<OrderDraft>) => void;
  mending: TakenOrder['reasons'];
  restored: boolean;
  totals: { pieces: number; total: number };
  lang: Locale;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const retailer = snapshot.stockists.find((s) => s.id === draft.retailerId) ?? null;
  // The shop's own minimums where it has them (issue 47), else the season's.
  const minimumAmount = retailer?.hasOrdered
    ? (retailer.terms?.reorderMinimum ?? snapshot.terms.reorderMinimum)
    : (retailer?.terms?.openingMinimum ?? snapshot.terms.openingMinimum);
  const missing = Math.max(0, Math.round((minimumAmount - totals.total) * 100) / 100);
  const setQuantity = (key: string, value: string) =>
    change({ quantities: { ...draft.quantities, [key]: Math.max(0, Math.min(999, Number.parseInt(value, 10) || 0)) } });
  return (
    <form
      className="showroom__order"
      aria-busy={!restored}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {mending.length > 0 ? (
        <div className="showroom__mending" role="group" aria-label={t('admin.showroom.toMend')}>
          <p>{t('admin.showroom.toMend')}</p>
          <Reasons reasons={mending} />
        </div>
      ) : null}
      <ShopPicker
        retailers={snapshot.stockists}
        retailerId={draft.retailerId}
        onRetailer={(retailerId) => change({ retailerId, doorId: null })}
        doorId={draft.doorId}
        onDoor={(doorId) => change({ doorId })}
        newShop={draft.newShop}
        onNewShop={(newShop) => change({ newShop })}
        lang={lang}
      />
      {retailer?.terms?.discount ? (
        <p className="showroom__discount">{t('admin.showroom.discount', { discount: formatDiscount(retailer.terms.discount, lang) })}</p>
      ) : null}
      <StyleGrid snapshot={snapshot} quantities={draft.quantities} onQuantity={setQuantity} lang={lang} />
      <fieldset className="showroom__close">
        <legend>{t('admin.showroom.closing')}</legend>
        <label>
          {t('admin.showroom.note')}
          <textarea value={draft.note} maxLength={2000} onChange={(e) => change({ note: e.target.value })} />
        </label>
        <SignaturePad
          label={t('admin.showroom.signature')}
          hint={t('admin.showroom.signHere')}
          clear={t('admin.showroom.clearSignature')}
          value={draft.signature}
          onChange={(signature) => change({ signature })}
        />
      </fieldset>
      <div className="showroom__summary">
        <p className="showroom__totals" data-testid="showroom-totals">
          {t('admin.showroom.totals', { pieces: totals.pieces, total: formatPrice(totals.total, lang, snapshot.currency) })}
        </p>
        <p className="showroom__minimum">
          {missing > 0
            ? t('admin.showroom.minimum', {
                amount: formatPrice(minimumAmount, lang, snapshot.currency),
                missing: formatPrice(missing, lang, snapshot.currency),
              })
            : t('admin.showroom.minimumReached')}
        </p>
        <button type="submit" className="button">
          {t('admin.showroom.save')}
        </button>
      </div>
    </form>
  );
}
