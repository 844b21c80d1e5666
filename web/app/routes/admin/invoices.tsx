import { useEffect, useState, type FormEvent } from 'react';
import type { InvoiceList } from '@atelier/contract';
import { INVOICE_STATUSES, LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import type { Route } from './+types/invoices';
import { FormMessage } from '../../components/Field.tsx';
import { InvoiceTable } from '../../components/InvoiceView.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminInvoices', noindex: true });

const thisYear = () => new Date().getFullYear();

/** The accountant's files: the sales journal (CSV) and the PDFs (ZIP) of the period, and the FEC of a year. */
function AccountantExports({ from, to, fail }: { from: string; to: string; fail: (error: unknown, key: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { token } = useSession();
  const [fecYear, setFecYear] = useState(String(thisYear()));

  async function download(kind: 'csv' | 'zip') {
    if (!token) return;
    try {
      await downloadFile(kind === 'csv' ? 'GET /admin/invoices.csv' : 'GET /admin/invoices.zip', { query: { from, to }, lang }, token);
    } catch (error) {
      fail(error, 'admin.invoices.exportError');
    }
  }

  async function downloadFec(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    try {
      await downloadFile('GET /admin/accounting/fec', { query: { year: fecYear.trim() }, lang }, token);
    } catch (error) {
      fail(error, 'admin.invoices.exportError');
    }
  }

  return (
    <section aria-labelledby="accountant-title">
      <h2 id="accountant-title" className="section-title section-title--small">
        {t('admin.invoices.exportTitle')}
      </h2>
      <p className="button-row">
        <button type="button" className="button button--quiet" onClick={() => void download('csv')}>
          {t('admin.invoices.csv')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => void download('zip')}>
          {t('admin.invoices.zip')}
        </button>
      </p>
      <form className="invoice-filters" aria-label={t('admin.invoices.fec')} onSubmit={(e) => void downloadFec(e)}>
        <div className="field">
          <label htmlFor="fec-year">{t('admin.invoices.fecYear')}</label>
          <input
            id="fec-year"
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            required
            value={fecYear}
            onChange={(e) => setFecYear(e.target.value)}
            aria-describedby="fec-hint"
          />
        </div>
        <button type="submit" className="button button--quiet">
          {t('admin.invoices.fec')}
        </button>
        <p id="fec-hint" className="field__hint">
          {t('admin.invoices.fecHint')}
        </p>
      </form>
    </section>
  );
}

const FILTERS = ['status', 'from', 'to'] as const;

/**
 * Every invoice and credit note, by status and period, a page at a time, with a search; the accountant's
 * sales journal, ZIP and FEC. The filters, the search and the page are in the address.
 */
export default function AdminInvoices() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, fail } = useScreenMessage();
  const { values, page, set } = useListParams(FILTERS);
  const filter: { status: (typeof INVOICE_STATUSES)[number] | ''; from: string; to: string } = {
    status: (INVOICE_STATUSES as readonly string[]).includes(values.status) ? (values.status as (typeof INVOICE_STATUSES)[number]) : '',
    from: values.from || `${thisYear()}-01-01`,
    to: values.to || `${thisYear()}-12-31`,
  };
  const q = values.q;
  const [invoices, setInvoices] = useState<InvoiceList | null>(null);

  useEffect(() => {
    if (!filter.from || !filter.to) return;
    setInvoices(null);
    api('GET /admin/invoices', {
      query: { from: filter.from, to: filter.to, status: filter.status || undefined, q: q || undefined, page: page > 1 ? String(page) : undefined },
      lang,
    })
      .then((res) => setInvoices(res))
      .catch((error: unknown) => fail(error, 'admin.invoices.loadError'));
  }, [api, lang, fail, filter.status, filter.from, filter.to, q, page]);

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('admin.invoices.title')}</h1>
      <p className="lead">{t('admin.invoices.intro')}</p>
      <form className="invoice-filters" aria-label={t('admin.invoices.filter')} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="invoice-status">{t('admin.invoices.status')}</label>
          <select id="invoice-status" value={filter.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t('admin.invoices.allStatuses')}</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`invoices.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="invoice-from">{t('admin.invoices.from')}</label>
          <input id="invoice-from" type="date" required value={filter.from} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="invoice-to">{t('admin.invoices.to')}</label>
          <input id="invoice-to" type="date" required value={filter.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
      </form>
      <div className="list-tools">
        <ListSearch id="invoices-search" label={t('admin.invoices.search')} value={q} onSearch={(text) => set({ q: text })} />
        <ListCount total={invoices?.total ?? null} label={(count) => t('admin.invoices.count', { count })} />
      </div>
      <AccountantExports from={filter.from} to={filter.to} fail={fail} />
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {invoices === null ? (
        !message && <p role="status">{t('common.loading')}</p>
      ) : invoices.data.length === 0 ? (
        <p>{q ? t('admin.invoices.noMatch') : t('admin.invoices.empty')}</p>
      ) : (
        <InvoiceTable invoices={invoices.data} label={t('admin.invoices.title')} admin />
      )}
      {invoices && <Pager page={page} total={invoices.total} limit={invoices.limit || LIST_LIMIT_DEFAULT} label={t('admin.invoices.pages')} />}
    </div>
  );
}
