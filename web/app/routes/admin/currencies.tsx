import { useState } from 'react';
import type { ForeignCurrency } from '@atelier/contract';
import { FOREIGN_CURRENCIES } from '@atelier/contract/pure';
import type { Route } from './+types/currencies';
import { ExchangeRates } from '../../components/admin/ExchangeRates.tsx';
import { PriceListEditor } from '../../components/admin/PriceListEditor.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminCurrencies', noindex: true });

/** `/admin/currencies` (issue 47): a price list per currency a company may buy in, and the rates per day. */
export default function AdminCurrencies() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<ForeignCurrency>('GBP');
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminCurrencies')}</h1>
      <p className="lead">{t('admin.currencies.intro')}</p>
      <div className="field">
        <label htmlFor="list-currency">{t('admin.currencies.which')}</label>
        <select id="list-currency" value={currency} onChange={(e) => setCurrency(e.target.value as ForeignCurrency)}>
          {FOREIGN_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {t(`company.terms.currencies.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <PriceListEditor key={currency} currency={currency} />
      <ExchangeRates />
    </div>
  );
}
