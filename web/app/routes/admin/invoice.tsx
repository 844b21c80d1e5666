import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { InvoiceDocument } from '@atelier/contract';
import { formatDay, formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/invoice';
import { FormMessage } from '../../components/Field.tsx';
import { InvoiceStatusBadge } from '../../components/InvoiceView.tsx';
import { downloadFile } from '../../lib/download.ts';
import { CreditNoteForm, InvoicePayments } from '../../components/admin/InvoiceActions.tsx';
import { InvoiceFacts, InvoiceLines, InvoiceTotals } from '../../components/admin/InvoiceDocument.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminInvoices', noindex: true });

/** One invoice or credit note: what it says, its PDF; on an invoice, payments and credit notes. */
export default function AdminInvoice() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const { invoiceId } = useParams();
  const navigate = useNavigate();
  const { message, setMessage, fail } = useScreenMessage();
  const [invoice, setInvoice] = useState<InvoiceDocument | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Going from a credit note to its invoice and back: an answer for a document no longer shown is dropped.
    let current = true;
    api('GET /admin/invoices/:id', { params: { id: invoiceId! }, lang })
      .then((doc) => current && setInvoice(doc))
      .catch((error: unknown) => current && fail(error, 'admin.invoices.loadError'));
    return () => {
      current = false;
    };
  }, [api, invoiceId, lang, fail]);

  const act = useCallback(
    async (run: () => Promise<InvoiceDocument>, success: (doc: InvoiceDocument) => string) => {
      setBusy(true);
      setMessage(null);
      try {
        const doc = await run();
        setMessage({ kind: 'success', text: success(doc) });
        // A credit note is a document of its own: show it.
        if (invoice && doc.id !== invoice.id) navigate(`/admin/invoices/${doc.id}`);
        else setInvoice(doc);
        return true;
      } catch (error) {
        fail(error, 'admin.invoices.actionError');
        return false;
      } finally {
        setBusy(false);
      }
    },
    [invoice, navigate, setMessage, fail],
  );

  const money = (n: number) => formatPrice(n, lang, invoice?.currency);
  const title = invoice ? `${t(`invoices.types.${invoice.purpose === 'deposit' ? 'deposit' : invoice.type}`)} ${invoice.number}` : t('admin.invoices.title');

  return (
    <div className="admin-page order-page">
      <p>
        <Link to="/admin/invoices">{t('admin.invoices.back')}</Link>
      </p>
      <h1 className="page-title">{title}</h1>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {invoice && (
        <>
          <p>
            <InvoiceStatusBadge status={invoice.status} />{' '}
            <button
              type="button"
              className="button button--quiet"
              onClick={() =>
                token &&
                downloadFile('GET /admin/invoices/:id.pdf', { params: { id: invoice.id } }, token).catch((e: unknown) => fail(e, 'invoices.downloadError'))
              }
            >
              {t('admin.invoices.pdf')}
            </button>
          </p>
          <InvoiceFacts invoice={invoice} busy={busy} act={act} />
          <InvoiceLines invoice={invoice} />
          <InvoiceTotals invoice={invoice} />
          {invoice.remindersSent.length > 0 && <p>{t('admin.invoices.reminders', { days: invoice.remindersSent.join(', ') })}</p>}
          {invoice.type === 'invoice' && (
            <>
              {invoice.creditNotes.length > 0 && (
                <section aria-labelledby="credit-notes-title">
                  <h2 id="credit-notes-title" className="section-title section-title--small">
                    {t('admin.invoices.creditNotes')}
                  </h2>
                  <ul>
                    {invoice.creditNotes.map((c) => (
                      <li key={c.id}>
                        <Link to={`/admin/invoices/${c.id}`}>{c.number}</Link> · {formatDay(c.issueDate, lang)} · {money(c.totalInclVat)}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              <InvoicePayments invoice={invoice} busy={busy} act={act} />
              {invoice.totalInclVat - invoice.credited > 0 && <CreditNoteForm invoice={invoice} busy={busy} act={act} />}
            </>
          )}
        </>
      )}
    </div>
  );
}
