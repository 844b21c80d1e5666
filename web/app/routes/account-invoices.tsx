import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { InvoiceList } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import { AccountDebits } from '../components/AccountDebits.tsx';
import type { Route } from './+types/account-invoices';
import { FormMessage } from '../components/Field.tsx';
import { RequireRole } from '../components/Guard.tsx';
import { InvoiceTable } from '../components/InvoiceView.tsx';
import { Pager } from '../components/ListNav.tsx';
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
  const [invoices, setInvoices] = useState<InvoiceList | null>(null);
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  useEffect(() => {
    api('GET /invoices', { lang, query: { page: page > 1 ? String(page) : undefined } })
      .then((res) => setInvoices(res))
      .catch((error: unknown) => fail(error, 'invoices.loadError'));
  }, [api, lang, fail, page]);

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
      ) : invoices.data.length === 0 ? (
        <p>{t('invoices.empty')}</p>
      ) : (
        <InvoiceTable
          invoices={invoices.data}
          label={t('invoices.title')}
          onDownload={(d) => {
            if (token) downloadFile('GET /invoices/:id.pdf', { params: { id: d.id } }, token).catch((error: unknown) => fail(error, 'invoices.downloadError'));
          }}
        />
      )}
      {invoices && <Pager page={page} total={invoices.total} limit={invoices.limit || LIST_LIMIT_DEFAULT} label={t('invoices.pages')} />}
      <AccountDebits />
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
