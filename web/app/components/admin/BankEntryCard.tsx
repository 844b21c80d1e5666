import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { BankEntry } from '@atelier/contract';
import { formatDay, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { FormMessage } from '../Field.tsx';

type Candidate = { invoiceId: number; number: string; company: string; due: number };

/**
 * A statement line (issue 59): what the bank says; once matched, the invoices it paid; while it waits, the
 * invoices it may pay (proposed, or found by number), each with the amount it takes — or "not a customer's".
 */
export function BankEntryCard({ entry, onDone }: { entry: BankEntry; onDone: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [candidates, setCandidates] = useState<Candidate[]>(entry.suggestions);
  const [amounts, setAmounts] = useState<Record<number, string>>(() => proposed(entry.suggestions, entry.amount));
  const [picked, setPicked] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(entry.suggestions.slice(0, 1).map((s) => [s.invoiceId, entry.note !== 'several'])),
  );
  const money = (n: number) => formatPrice(n, lang);
  const id = `entry-${entry.id}`;

  const found = (open: Candidate[]) => {
    const fresh = open.filter((d) => !candidates.some((c) => c.invoiceId === d.invoiceId));
    setCandidates([...candidates, ...fresh]);
    setAmounts({ ...amounts, ...proposed(fresh, entry.amount) });
    setPicked({ ...picked, ...Object.fromEntries(fresh.map((d) => [d.invoiceId, true])) });
  };
  const matchIt = (event: FormEvent) => {
    event.preventDefault();
    const allocations = candidates
      .filter((c) => picked[c.invoiceId])
      .map((c) => ({ invoiceId: c.invoiceId, amount: Number((amounts[c.invoiceId] ?? '').replace(',', '.')) }));
    void run('admin.bank.matchError', async () => {
      await api('POST /admin/bank/entries/:id/match', { params: { id: entry.id }, body: { allocations }, lang });
      onDone();
    });
  };
  const ignore = () =>
    void run('admin.bank.matchError', async () => {
      await api('POST /admin/bank/entries/:id/match', { params: { id: entry.id }, body: { ignore: true }, lang });
      onDone();
    });

  return (
    <article className="bank-entry" aria-labelledby={`${id}-title`} data-testid="bank-entry">
      <h3 id={`${id}-title`} className="bank-entry__title">
        <span className="bank-entry__amount">{money(entry.amount)}</span> · {formatDay(entry.bookingDate, lang)} · {entry.payer ?? t('admin.bank.noPayer')}
      </h3>
      <p className="bank-entry__text">
        {entry.text || '—'} <span className="bank-entry__ref">({entry.bankReference})</span>
      </p>
      {entry.note && <p className="bank-entry__note">{t(`admin.bank.notes.${entry.note}`)}</p>}
      {entry.payments.length > 0 && (
        <p>
          {t('admin.bank.paid')}{' '}
          {entry.payments.map((p, i) => (
            <span key={p.id}>
              {i > 0 && ', '}
              <Link to={`/admin/invoices/${p.invoiceId}`}>{p.number}</Link> ({money(p.amount)})
            </span>
          ))}
        </p>
      )}
      {entry.status === 'unmatched' && (
        <>
          <form onSubmit={matchIt} className="bank-entry__match">
            <fieldset disabled={busy}>
              <legend>{t('admin.bank.matchLegend')}</legend>
              {candidates.length === 0 && <p>{t('admin.bank.noSuggestion')}</p>}
              {candidates.map((c) => (
                <div className="bank-entry__candidate" key={c.invoiceId}>
                  <input
                    type="checkbox"
                    id={`${id}-pick-${c.invoiceId}`}
                    checked={!!picked[c.invoiceId]}
                    onChange={(e) => setPicked({ ...picked, [c.invoiceId]: e.target.checked })}
                  />
                  <label htmlFor={`${id}-pick-${c.invoiceId}`}>{t('admin.bank.candidate', { number: c.number, company: c.company, due: money(c.due) })}</label>
                  <label className="visually-hidden" htmlFor={`${id}-amount-${c.invoiceId}`}>
                    {t('admin.bank.amountFor', { number: c.number })}
                  </label>
                  <input
                    id={`${id}-amount-${c.invoiceId}`}
                    className="bank-entry__input"
                    inputMode="decimal"
                    value={amounts[c.invoiceId] ?? ''}
                    onChange={(e) => setAmounts({ ...amounts, [c.invoiceId]: e.target.value })}
                  />
                </div>
              ))}
              <div className="actions">
                <button type="submit" className="button" disabled={!candidates.some((c) => picked[c.invoiceId])}>
                  {t('admin.bank.match')}
                </button>
                <button type="button" className="button button--quiet" onClick={ignore}>
                  {t('admin.bank.ignore')}
                </button>
              </div>
            </fieldset>
          </form>
          <FindInvoice id={`${id}-find`} onFound={found} />
        </>
      )}
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
    </article>
  );
}

/** An open invoice found by its number or its shop, to match a line the rule could not place. */
function FindInvoice({ id, onFound }: { id: string; onFound: (found: Candidate[]) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [search, setSearch] = useState('');
  const find = (event: FormEvent) => {
    event.preventDefault();
    if (!search.trim()) return;
    void run('admin.bank.findError', async () => {
      const found = await api('GET /admin/invoices', { query: { q: search.trim(), limit: '5' }, lang });
      onFound(found.data.filter((d) => d.type === 'invoice' && d.due > 0).map((d) => ({ invoiceId: d.id, number: d.number, company: d.buyer, due: d.due })));
    });
  };
  return (
    <form onSubmit={find} className="bank-entry__find" role="search">
      <label htmlFor={id}>{t('admin.bank.find')}</label>
      <input id={id} type="search" value={search} disabled={busy} onChange={(e) => setSearch(e.target.value)} />
      <button type="submit" className="button button--quiet" disabled={busy}>
        {t('admin.bank.findButton')}
      </button>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
    </form>
  );
}

/** Each invoice's share of the line, in their order: its due, as long as the line lasts. */
function proposed(list: Array<{ invoiceId: number; due: number }>, amount: number): Record<number, string> {
  let left = Math.round(amount * 100);
  const out: Record<number, string> = {};
  for (const c of list) {
    const take = Math.max(0, Math.min(left, Math.round(c.due * 100)));
    out[c.invoiceId] = (take / 100).toFixed(2);
    left -= take;
  }
  return out;
}
