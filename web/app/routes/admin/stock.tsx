import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { AdminSeason, StockImportResult, StockRow } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import type { Route } from './+types/stock';
import { FormMessage } from '../../components/Field.tsx';
import { StockGrid } from '../../components/admin/StockGrid.tsx';
import { BarcodesPanel } from '../../components/admin/BarcodesPanel.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage, type ScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { seasonLabel } from '../../lib/season-label.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminStock', noindex: true });

/** What an import would change, line by line: the piece, from and to. */
function ChangesTable({ changes }: { changes: StockImportResult['changes'] }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll" role="region" aria-label={t('admin.stock.changesTitle')} tabIndex={0}>
      <table className="order-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.stock.line')}</th>
            <th scope="col">{t('admin.stock.what')}</th>
            <th scope="col">{t('admin.stock.fromTo')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.line} data-testid="stock-change">
              <td>{c.line}</td>
              <td>
                {c.reference} · {c.colorName} · {c.size === 'ONESIZE' ? t('order.oneSize') : c.size}
              </td>
              <td>
                {c.from ?? t('admin.stock.none')} → {c.to ?? t('admin.stock.none')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A CSV of stock levels: its preview (the changes, the unchanged, the errors by line), then its confirmation. */
function StockImport({
  onImported,
  setMessage,
  fail,
}: {
  onImported: () => Promise<unknown>;
  setMessage: (message: ScreenMessage) => void;
  fail: (error: unknown, key: string) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<StockImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(confirm: boolean) {
    if (csv === null) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = await api('POST /admin/stock/import', { lang, body: { csv, confirm } });
      if (result.confirmed) {
        setPreview(null);
        setCsv(null);
        setMessage({ kind: 'success', text: t('admin.stock.imported', { count: result.changes.length }) });
        await onImported();
      } else setPreview(result);
    } catch (error) {
      fail(error, 'admin.stock.importError');
    } finally {
      setBusy(false);
    }
  }

  function readFile(event: FormEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    if (!file) return setCsv(null);
    void file.text().then(setCsv);
  }

  return (
    <section className="stock-import" aria-labelledby="stock-import-title">
      <h2 id="stock-import-title" className="form__title">
        {t('admin.stock.importTitle')}
      </h2>
      <p className="field__hint">{t('admin.stock.importHint')}</p>
      <div className="field">
        <label htmlFor="stock-file">{t('admin.stock.file')}</label>
        <input id="stock-file" type="file" accept=".csv,text/csv,text/plain" onChange={readFile} disabled={busy} />
      </div>
      <button type="button" className="button button--quiet" disabled={busy || csv === null} onClick={() => send(false)}>
        {busy && !preview ? t('admin.stock.previewing') : t('admin.stock.preview')}
      </button>
      {preview && (
        <div className="stock-preview" data-testid="stock-preview">
          <h3 className="section-title section-title--small">{t('admin.stock.changesTitle')}</h3>
          <ChangesTable changes={preview.changes} />
          {preview.unchanged > 0 && <p>{t('admin.stock.unchanged', { count: preview.unchanged })}</p>}
          {preview.errors.length > 0 && (
            <>
              <h3 className="section-title section-title--small field__error">{t('admin.stock.errorsTitle')}</h3>
              <ul className="stock-preview__errors">
                {preview.errors.map((e) => (
                  <li key={e.line} data-testid="stock-import-error">
                    {t('admin.stock.line')} {e.line} ({e.text}) : {e.error}
                  </li>
                ))}
              </ul>
            </>
          )}
          <button type="button" className="button" disabled={busy || preview.errors.length > 0 || preview.changes.length === 0} onClick={() => send(true)}>
            {t('admin.stock.confirm', { count: preview.changes.length })}
          </button>
        </div>
      )}
    </section>
  );
}

type Page<R> = { data: R[]; total: number; page: number; limit: number };

/** The styles' stock a page at a time (of one season when chosen, found by reference or title), its CSV, and an import with a preview. */
export default function AdminStock() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const [seasons, setSeasons] = useState<AdminSeason[]>([]);
  // The season, the search and the page live in the address (issue 43): a shared link gives the same styles.
  const { values, page, set } = useListParams(['season'] as const);
  const { season, q } = values;
  const [stock, setStock] = useState<Page<StockRow> | null>(null);
  const rows = stock?.data ?? null;
  const { message, setMessage, fail } = useScreenMessage();

  const load = useCallback(
    () =>
      api('GET /admin/stock', { query: { season: season || undefined, q: q || undefined, page: page > 1 ? String(page) : undefined }, lang })
        .then(setStock)
        .catch((error: unknown) => fail(error, 'admin.stock.loadError')),
    [api, lang, season, q, page, fail],
  );
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    api('GET /admin/seasons')
      .then((res) => setSeasons(res.data))
      .catch(() => undefined);
  }, [api]);

  async function exportCsv() {
    if (!token) return;
    try {
      await downloadFile('GET /admin/stock.csv', { query: { season: season || undefined }, lang }, token);
    } catch (error) {
      fail(error, 'admin.stock.loadError');
    }
  }

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminStock')}</h1>
      <p className="lead">{t('admin.stock.intro')}</p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <div className="list-tools">
        <div className="field">
          <label htmlFor="stock-season">{t('admin.stock.season')}</label>
          <select id="stock-season" value={season} onChange={(e) => set({ season: e.target.value })}>
            <option value="">{t('admin.stock.allSeasons')}</option>
            {seasons.map((s) => (
              <option key={s.id} value={s.code}>
                {seasonLabel(s, lang)}
              </option>
            ))}
          </select>
        </div>
        <ListSearch id="stock-search" label={t('admin.stock.search')} value={q} onSearch={(text) => set({ q: text })} />
        <ListCount total={stock?.total ?? null} label={(count) => t('admin.stock.count', { count })} />
        <button type="button" className="button button--quiet" onClick={exportCsv}>
          {t('admin.stock.export')}
        </button>
      </div>
      {rows === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : rows.length === 0 ? (
        <p>{q ? t('admin.stock.noMatch') : t('admin.stock.empty')}</p>
      ) : (
        <StockGrid key={`${season}|${q}|${page}`} rows={rows} onSaved={() => void load()} />
      )}
      {stock && <Pager page={page} total={stock.total} limit={stock.limit || LIST_LIMIT_DEFAULT} label={t('admin.stock.pages')} />}
      <StockImport onImported={load} setMessage={setMessage} fail={fail} />
      <BarcodesPanel onChanged={() => void load()} />
    </div>
  );
}
