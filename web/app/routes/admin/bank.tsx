import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { BankEntryList, StatementImport } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import type { Route } from './+types/bank';
import { FormMessage } from '../../components/Field.tsx';
import { StatusTabs } from '../../components/StatusTabs.tsx';
import { ListCount, Pager, useListParams } from '../../components/ListNav.tsx';
import { BankEntryCard } from '../../components/admin/BankEntryCard.tsx';
import { CsvColumnsForm } from '../../components/admin/CsvColumnsForm.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { uploadFile } from '../../lib/upload.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminBank', noindex: true });

const TABS = ['unmatched', 'matched', 'ignored', 'returned'] as const;

/**
 * Money in (issue 59): the owner imports her bank's statement (camt.053 or CSV); what matches surely is
 * recorded at once, and each line left waits here to be matched to invoices or set aside.
 */
export default function AdminBank() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { values, page, set } = useListParams(['status'] as const);
  const tab = (TABS as readonly string[]).includes(values.status) ? (values.status as (typeof TABS)[number]) : 'unmatched';
  const [list, setList] = useState<BankEntryList | null>(null);
  const { message, fail } = useScreenMessage();
  const load = useCallback(() => {
    setList(null);
    api('GET /admin/bank/entries', { query: { status: tab, page: page > 1 ? String(page) : undefined }, lang })
      .then(setList)
      .catch((error: unknown) => fail(error, 'admin.bank.loadError'));
  }, [api, tab, page, lang, fail]);
  useEffect(load, [load]);

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminBank')}</h1>
      <p className="lead">{t('admin.bank.intro')}</p>
      <StatementImportForm onImported={load} />

      <h2>{t('admin.bank.linesTitle')}</h2>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <div className="list-tools">
        <ListCount total={list?.total ?? null} label={(count) => t(`admin.bank.count.${tab}`, { count })} />
      </div>
      <StatusTabs
        tabs={TABS}
        current={tab}
        label={t('admin.bank.tabs')}
        panelId="bank-panel"
        name={(s) => t(`admin.bank.status.${s}`)}
        onPick={(status) => set({ status })}
      />
      <div role="tabpanel" id="bank-panel" aria-labelledby={`tab-${tab}`}>
        {list === null ? (
          <p role="status">{t('common.loading')}</p>
        ) : list.data.length === 0 ? (
          <p>{t(`admin.bank.empty.${tab}`)}</p>
        ) : (
          <ul className="bank-entries">
            {list.data.map((entry) => (
              <li key={entry.id}>
                <BankEntryCard entry={entry} onDone={load} />
              </li>
            ))}
          </ul>
        )}
        {list && <Pager page={page} total={list.total} limit={list.limit || LIST_LIMIT_DEFAULT} label={t('admin.bank.pages')} />}
      </div>
    </div>
  );
}

/** A statement sent (camt.053 or CSV), with what it recorded; a CSV's header read here to choose its columns from. */
function StatementImportForm({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<StatementImport | null>(null);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const choose = (picked: File | null) => {
    setFile(picked);
    setResult(null);
    // A CSV's header, read here: its names are the columns to choose from.
    if (picked && /\.csv$|\.txt$/i.test(picked.name))
      void picked
        .slice(0, 4096)
        .text()
        .then((text) => setHeader((text.split(/\r?\n/)[0] ?? '').split(/[;,\t]/).map((h) => h.replace(/^\ufeff|^"|"$/g, '').trim())));
    else setHeader([]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    void run('admin.bank.importError', async () => {
      try {
        const done = await uploadFile('POST /admin/bank/statements', 'file', file, token, setProgress);
        setResult(done);
        setMessage({ kind: 'success', text: t('admin.bank.imported', { count: done.payments.length, waiting: done.unmatched }) });
        onImported();
      } catch (error) {
        if (header.length) setColumnsOpen(true);
        throw error;
      } finally {
        setProgress(0);
      }
    });
  };

  return (
    <>
      <form className="form bank-import" onSubmit={submit} data-testid="bank-import">
        <div className="field">
          <label htmlFor="bank-file">{t('admin.bank.file')}</label>
          <input
            id="bank-file"
            type="file"
            accept=".xml,.csv,.txt,application/xml,text/xml,text/csv"
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          <p className="field__hint">{t('admin.bank.fileHint')}</p>
        </div>
        <button type="submit" className="button" disabled={busy || !file}>
          {busy && progress > 0 ? t('admin.bank.sending', { percent: Math.round(progress * 100) }) : t('admin.bank.import')}
        </button>
      </form>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {result && (
        <p className="bank-result" data-testid="bank-result">
          {t('admin.bank.result', {
            entries: result.entries,
            known: result.known,
            payments: result.payments.length,
            waiting: result.unmatched,
            returned: result.returned,
          })}
        </p>
      )}
      <details className="bank-columns" open={columnsOpen} onToggle={(e) => setColumnsOpen((e.target as HTMLDetailsElement).open)}>
        <summary>{t('admin.bank.columnsTitle')}</summary>
        <CsvColumnsForm header={header} />
      </details>
    </>
  );
}
