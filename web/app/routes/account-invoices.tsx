import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { InvoiceSummary } from '@atelier/contract';
import type { Route } from './+types/account-invoices';
import { FormMessage } from '../components/Field.tsx';
import { RequireRole } from '../components/Guard.tsx';
import { InvoiceTable } from '../components/InvoiceView.tsx';
import { downloadFile } from '../lib/download.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useScreenMessage } from '../lib/screen-message.ts';
import { useSession } from '../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.invoices', noindex: true });

/** The retailer's invoices and credit notes: status, due date, and each Factur-X PDF to download. */
function InvoicesScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const { message, fail } = useScreenMessage();
  const [invoices, setInvoices] = useState<InvoiceSummary[] | null>(null);

  useEffect(() => {
    api('GET /invoices', { lang })
      .then((res) => setInvoices(res.data))
      .catch((error: unknown) => fail(error, 'invoices.loadError'));
  }, [api, lang, fail]);

  return (
    <div className="page page--narrow order-page">
      <h1 className="page-title">{t('invoices.title')}</h1>
      <p className="lead">{t('invoices.intro')}</p>
      <p>
        <Link to="/account/orders">{t('order.myOrders')}</Link>
      </p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {invoices === null ? (
        !message && <p role="status">{t('common.loading')}</p>
      ) : invoices.length === 0 ? (
        <p>{t('invoices.empty')}</p>
      ) : (
        <InvoiceTable
          invoices={invoices}
          label={t('invoices.title')}
          onDownload={(d) => {
            if (token) downloadFile('GET /invoices/:id.pdf', { params: { id: d.id } }, token).catch((error: unknown) => fail(error, 'invoices.downloadError'));
          }}
        />
      )}
    </div>
  );
}

export default function AccountInvoices() {
  return (
    <RequireRole roles={['retailer']}>
      <InvoicesScreen />
    </RequireRole>
  );
}
