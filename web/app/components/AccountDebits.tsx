import { useEffect, useState } from 'react';
import type { AccountDebits as Debits } from '@atelier/contract';
import { formatDay, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { useSession } from '../lib/session.tsx';

/** The shop's SEPA mandate and what was debited, when (issue 59): under its invoices, for its admins and accounts people. */
export function AccountDebits() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [debits, setDebits] = useState<Debits | null>(null);
  useEffect(() => {
    api('GET /account/debits')
      .then(setDebits)
      .catch(() => setDebits(null));
  }, [api]);
  if (!debits?.mandate && !debits?.debits.length) return null;
  return (
    <section className="account-debits" aria-labelledby="debits-title" data-testid="account-debits">
      <h2 id="debits-title">{t('debits.title')}</h2>
      {debits.mandate && (
        <p>
          {t('debits.mandate', {
            rum: debits.mandate.rum,
            iban: debits.mandate.iban,
            date: formatDay(debits.mandate.signedOn, lang),
          })}{' '}
          {t(`debits.status.${debits.mandate.status}`)}
        </p>
      )}
      {debits.debits.length > 0 && (
        <div className="table-scroll" role="region" aria-label={t('debits.title')} tabIndex={0}>
          <table className="order-table">
            <thead>
              <tr>
                <th scope="col">{t('debits.date')}</th>
                <th scope="col">{t('debits.invoice')}</th>
                <th scope="col" className="num">
                  {t('debits.amount')}
                </th>
                <th scope="col">{t('debits.state')}</th>
              </tr>
            </thead>
            <tbody>
              {debits.debits.map((d) => (
                <tr key={`${d.invoiceId}-${d.collectOn}-${d.status}`}>
                  <td className="nowrap">{formatDay(d.collectOn, lang)}</td>
                  <td>{d.number}</td>
                  <td className="num nowrap">{formatPrice(d.amount, lang)}</td>
                  <td>{t(`debits.debit.${d.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
