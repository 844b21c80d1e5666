import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Collection } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT, formatDay, formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/debits';
import { Field, FormMessage } from '../../components/Field.tsx';
import { ListCount, Pager, useListParams } from '../../components/ListNav.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminDebits', noindex: true });

type Summary = Omit<Collection, 'items'>;

/**
 * SEPA direct debits (issue 59): the owner builds a collection of what the shops with a mandate owe by a day
 * (each shop told by mail beforehand), downloads its pain.008 file for her bank, and records a debit that came back.
 */
export default function AdminDebits() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const { page } = useListParams([] as const);
  const [list, setList] = useState<{ data: Summary[]; total: number; limit: number } | null>(null);
  const [open, setOpen] = useState<Collection | null>(null);
  const [dueBy, setDueBy] = useState(() => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const money = (n: number) => formatPrice(n, lang);
  const load = useCallback(() => {
    api('GET /admin/collections', { query: { page: page > 1 ? String(page) : undefined }, lang })
      .then(setList)
      .catch((error: unknown) => fail(error, 'admin.debits.loadError'));
  }, [api, page, lang, fail]);
  useEffect(load, [load]);

  const build = (event: FormEvent) => {
    event.preventDefault();
    void run('admin.debits.buildError', async () => {
      const made = await api('POST /admin/collections', { body: { dueBy }, lang });
      setOpen(made);
      setMessage({ kind: 'success', text: t('admin.debits.built', { count: made.invoices, total: money(made.total), date: formatDay(made.collectOn, lang) }) });
      load();
    });
  };
  const show = (id: number) =>
    void run('admin.debits.loadError', async () => {
      setOpen(await api('GET /admin/collections/:id', { params: { id }, lang }));
    });
  const download = (id: number) =>
    void run('admin.debits.downloadError', async () => {
      if (token) await downloadFile('GET /admin/collections/:id/pain.008.xml', { params: { id }, lang }, token);
    });

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminDebits')}</h1>
      <p className="lead">{t('admin.debits.intro')}</p>
      <form className="form debits-build" onSubmit={build} data-testid="debits-build">
        <Field
          name="dueBy"
          type="date"
          label={t('admin.debits.dueBy')}
          hint={t('admin.debits.dueByHint')}
          value={dueBy}
          required
          disabled={busy}
          onChange={(e) => setDueBy(e.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {t('admin.debits.build')}
        </button>
      </form>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {open && <CollectionDetail collection={open} onDownload={() => download(open.id)} onReturned={() => show(open.id)} />}

      <h2>{t('admin.debits.listTitle')}</h2>
      <ListCount total={list?.total ?? null} label={(count) => t('admin.debits.count', { count })} />
      {list === null ? <p role="status">{t('common.loading')}</p> : <CollectionsTable rows={list.data} busy={busy} onShow={show} onDownload={download} />}
      {list && <Pager page={page} total={list.total} limit={list.limit || LIST_LIMIT_DEFAULT} label={t('admin.debits.pages')} />}
    </div>
  );
}

/** One collection's debits: each invoice, its shop, mandate and sequence; a debit that came back recorded with its reason. */
function CollectionDetail({ collection, onDownload, onReturned }: { collection: Collection; onDownload: () => void; onReturned: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const back = (paymentId: number) =>
    void run('admin.debits.returnError', async () => {
      await api('POST /admin/payments/:id/returned', { params: { id: paymentId }, body: { reason: reasons[paymentId] ?? '' }, lang });
      onReturned();
    });
  return (
    <section className="collection" aria-labelledby="collection-title" data-testid="collection">
      <h2 id="collection-title">{t('admin.debits.detailTitle', { id: collection.messageId, date: formatDay(collection.collectOn, lang) })}</h2>
      <button type="button" className="button" onClick={onDownload}>
        {t('admin.debits.downloadFile')}
      </button>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <ul className="collection__items">
        {collection.items.map((i) => (
          <li key={i.id} data-testid="collection-item">
            <Link to={`/admin/invoices/${i.invoiceId}`}>{i.number}</Link> · {i.company} · {formatPrice(i.amount, lang)} · {i.rum} · {i.sequence} ·{' '}
            <strong>{t(`admin.debits.status.${i.status}`)}</strong>
            {i.returnReason && ` (${i.returnReason})`}
            {i.status === 'collected' && i.paymentId !== null && (
              <span className="collection__return">
                <label htmlFor={`return-${i.id}`}>{t('admin.debits.reason', { number: i.number })}</label>
                <input
                  id={`return-${i.id}`}
                  value={reasons[i.paymentId] ?? ''}
                  disabled={busy}
                  onChange={(e) => setReasons({ ...reasons, [i.paymentId!]: e.target.value })}
                />
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={busy || !(reasons[i.paymentId] ?? '').trim()}
                  onClick={() => back(i.paymentId!)}
                >
                  {t('admin.debits.returned')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The collections built, newest first: their day, invoices and total, to open or download. */
function CollectionsTable({
  rows,
  busy,
  onShow,
  onDownload,
}: {
  rows: Summary[];
  busy: boolean;
  onShow: (id: number) => void;
  onDownload: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const money = (n: number) => formatPrice(n, lang);
  return (
    <>
      {rows.length === 0 ? (
        <p>{t('admin.debits.empty')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={t('admin.debits.listTitle')} tabIndex={0}>
          <table className="order-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.debits.messageId')}</th>
                <th scope="col">{t('admin.debits.collectOn')}</th>
                <th scope="col" className="num">
                  {t('admin.debits.invoices')}
                </th>
                <th scope="col" className="num">
                  {t('admin.debits.total')}
                </th>
                <th scope="col">{t('admin.debits.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-testid="collection-row">
                  <td>{c.messageId}</td>
                  <td className="nowrap">{formatDay(c.collectOn, lang)}</td>
                  <td className="num">{c.invoices}</td>
                  <td className="num nowrap">{money(c.total)}</td>
                  <td className="actions">
                    <button type="button" className="button button--quiet" disabled={busy} onClick={() => onShow(c.id)}>
                      {t('admin.debits.show')}
                    </button>
                    <button type="button" className="button button--quiet" disabled={busy} onClick={() => onDownload(c.id)}>
                      {t('admin.debits.download')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
