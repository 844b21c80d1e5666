import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Size, TradeProduct } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { useBusy } from '../lib/busy.ts';
import { useLanguage } from '../lib/language.tsx';
import { sizeKey, type Offer } from '../lib/order-grid.ts';
import { useScreenMessage } from '../lib/screen-message.ts';
import { useSession } from '../lib/session.tsx';
import { FormMessage } from './Field.tsx';

/**
 * Under the order grid (issue 58): the style's sold-out sizes, to wait for in turn — when pieces come back
 * they are held for the shops that asked, first come first offered, and the shop is mailed.
 */
export function WaitlistAsk({ product, offer }: { product: TradeProduct; offer: Offer }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const soldOut = product.variants.flatMap((v) =>
    v.sizes.filter((size) => offer.get(sizeKey(v.id, size))?.state === 'soldOut').map((size) => ({ variantId: v.id, size, label: `${v.colorName}, ${size}` })),
  );
  const [chosen, setChosen] = useState('');
  const [quantity, setQuantity] = useState(String(Math.max(1, product.orderMultiple)));
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  if (soldOut.length === 0 || product.packsOnly) return null;
  const current = soldOut.find((s) => `${s.variantId}:${s.size}` === chosen) ?? soldOut[0]!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('waitlist.askError', async () => {
      const entry = await api('POST /waitlist', { lang, body: { variantId: current.variantId, size: current.size as Size, quantity: Number(quantity) } });
      setMessage({ kind: 'success', text: t('waitlist.asked', { position: entry.position ?? 1 }) });
    });
  };

  return (
    <form className="waitlist-ask" onSubmit={submit} aria-labelledby="waitlist-ask-title" data-testid="waitlist-ask">
      <h2 id="waitlist-ask-title" className="order-grid__title">
        {t('waitlist.askTitle')}
      </h2>
      <p className="order-grid__hint">{t('waitlist.askHint')}</p>
      <div className="list-tools__group">
        <div className="field">
          <label htmlFor="waitlist-piece">{t('waitlist.piece')}</label>
          <select id="waitlist-piece" value={`${current.variantId}:${current.size}`} onChange={(e) => setChosen(e.target.value)}>
            {soldOut.map((s) => (
              <option key={`${s.variantId}:${s.size}`} value={`${s.variantId}:${s.size}`}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="waitlist-quantity">{t('waitlist.wanted')}</label>
          <input
            id="waitlist-quantity"
            type="number"
            inputMode="numeric"
            min={product.orderMultiple}
            step={product.orderMultiple}
            max={999}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value.replace(/[^\d]/g, '').slice(0, 3))}
          />
        </div>
      </div>
      <div className="order-grid__actions">
        <button type="submit" className="button button--quiet" disabled={busy}>
          {t('waitlist.ask')}
        </button>
        <Link to="/account/waitlist">{t('waitlist.seeAll')}</Link>
      </div>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
    </form>
  );
}
