import { useEffect, useState } from 'react';
import type { TradeProduct } from '@atelier/contract';
import { formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { call } from '../lib/api.ts';
import { useLanguage } from '../lib/language.tsx';
import { useSession } from '../lib/session.tsx';
import { OrderGrid } from './OrderGrid.tsx';

/** Price and sizes for signed-in retailers and admins, fetched in the browser with their token. */
function useTradeDetails(productId: number) {
  const { user, token } = useSession();
  const { lang } = useLanguage();
  const [trade, setTrade] = useState<TradeProduct | null>(null);
  useEffect(() => {
    if (!user || !token) {
      setTrade(null);
      return;
    }
    let cancelled = false;
    call('GET /products/:id', { params: { id: productId }, lang }, token)
      .then((product) => !cancelled && setTrade('reference' in product ? product : null))
      .catch(() => !cancelled && setTrade(null));
    return () => {
      cancelled = true;
    };
  }, [user, token, productId, lang]);
  return trade;
}

/** Under a product for signed-in users: reference, trade price, RRP and sizes of the chosen colour; the order grid for retailers. */
export function TradePanel({ productId, variantId }: { productId: number; variantId: number | undefined }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { user } = useSession();
  const trade = useTradeDetails(productId);
  const tradeVariant = trade?.variants.find((v) => v.id === variantId);
  return (
    <>
      {tradeVariant && (
        <div className="trade" data-testid="trade-details">
          {trade?.reference && (
            <p className="trade__reference">
              <span className="trade__label">{t('product.reference')}</span> <span data-testid="trade-reference">{trade.reference}</span>
            </p>
          )}
          <p className="trade__price">
            <span className="trade__label">{t('product.tradePrice')}</span>{' '}
            <strong data-testid="trade-price">{formatPrice(tradeVariant.price, lang, trade?.currency)}</strong>
          </p>
          {tradeVariant.retailPrice !== null && (
            <p className="trade__price">
              <span className="trade__label">{t('product.retailPrice')}</span>{' '}
              <span data-testid="retail-price">{formatPrice(tradeVariant.retailPrice, lang, trade?.currency)}</span>
            </p>
          )}
          <p className="trade__sizes">
            <span className="trade__label">{t('product.sizes')}</span> <span data-testid="trade-sizes">{tradeVariant.sizes.join(' · ')}</span>
          </p>
          {tradeVariant.gtins && (
            <details className="trade__gtins" data-testid="trade-gtins">
              <summary>{t('product.barcodes')}</summary>
              <ul>
                {tradeVariant.sizes
                  .filter((size) => tradeVariant.gtins?.[size])
                  .map((size) => (
                    <li key={size}>
                      {size === 'ONESIZE' ? t('order.oneSize') : size} · EAN {tradeVariant.gtins![size]}
                    </li>
                  ))}
              </ul>
            </details>
          )}
        </div>
      )}
      {trade && user?.role === 'retailer' && user.company?.role !== 'accounts' && <OrderGrid product={trade} />}
    </>
  );
}
