// A sent order's changes (issue 57): the shop asks one line by line and sees it wait; the owner accepts
// each line or refuses it with a reason; both read every change and the revision it made.
import { useState } from 'react';
import type { Order, OrderChange } from '@atelier/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { useBusy } from '../lib/busy.ts';
import { useSession } from '../lib/session.tsx';
import { formatDateTime } from './OrderView.tsx';
import { ChangeRequestForm, NOTHING_ASKED, changeOf, itemName, mayChange, useChoices, type Asked } from './OrderChangeForm.tsx';

type Item = OrderChange['items'][number];
/** The screen's message: what was done, or what went wrong. */
type Say = (message: { kind: 'success' | 'error'; text: string }) => void;

/** A change's line as it reads: the piece (or the door), and what it was and is asked to be (a quantity, a delivery window, a door). */
function itemFacts(item: Item, t: TFunction) {
  if (item.kind === 'door') return { name: t('orderChanges.door'), before: item.from ?? '—', after: item.to ?? '—' };
  const name = itemName(item, t('order.oneSize'));
  if (item.kind === 'delivery') return { name: t('orderChanges.moved', { line: name }), before: item.from ?? '—', after: item.to ?? '—' };
  if (item.kind === 'add' && item.to) return { name, before: String(item.before), after: t('orderChanges.addedTo', { n: item.after, delivery: item.to }) };
  return { name, before: String(item.before), after: String(item.after) };
}

/** One change: who asked, when, its lines before → after with each line's answer, the reason, the revision. */
function ChangeFacts({ change, choose }: { change: OrderChange; choose?: { accepted: Set<number>; toggle: (i: number) => void; busy: boolean } }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <article className="parcel" data-testid="order-change">
      <h3 className="parcels__follow-title">
        {t('orderChanges.asked', { date: formatDateTime(change.requestedAt, lang), by: t(`orderChanges.by.${change.by}`) })} ·{' '}
        <span data-testid="order-change-status">{t(`orderChanges.status.${change.status}`)}</span>
        {change.revision !== null && <> · {t('orderChanges.revision', { n: change.revision })}</>}
      </h3>
      {change.message && <p className="order-change__message">“{change.message}”</p>}
      <div className="table-scroll" role="region" aria-label={t('orderChanges.linesCaption')} tabIndex={0}>
        <table className="order-table order-change-table">
          <caption className="visually-hidden">{t('orderChanges.linesCaption')}</caption>
          <thead>
            <tr>
              {choose && (
                <th scope="col" className="nowrap">
                  {t('orderChanges.accept')}
                </th>
              )}
              <th scope="col">{t('order.product')}</th>
              <th scope="col" className="num">
                {t('orderChanges.before')}
              </th>
              <th scope="col" className="num">
                {t('orderChanges.after')}
              </th>
              <th scope="col" className="nowrap">
                {t('orderChanges.answer')}
              </th>
            </tr>
          </thead>
          <tbody>
            {change.items.map((item, i) => {
              const facts = itemFacts(item, t);
              return (
                <tr key={i} data-testid="order-change-item">
                  {choose && (
                    <td>
                      <input
                        type="checkbox"
                        id={`change-accept-${i}`}
                        aria-label={t('orderChanges.acceptLine', { line: facts.name })}
                        checked={choose.accepted.has(i)}
                        disabled={choose.busy}
                        onChange={() => choose.toggle(i)}
                      />
                    </td>
                  )}
                  <td className="order-change__piece">{facts.name}</td>
                  <td className="num">{facts.before}</td>
                  <td className="num">{facts.after}</td>
                  <td className="nowrap" data-testid="order-change-decision">
                    {t(`orderChanges.decision.${item.decision}`)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {change.reason && <p data-testid="order-change-reason">{t('orderChanges.reason', { reason: change.reason })}</p>}
    </article>
  );
}

/** Every change of the order but the one waiting (shown apart), newest first. */
function ChangeHistory({ order }: { order: Order }) {
  const done = (order.changes ?? []).filter((c) => c.status !== 'pending');
  return done.map((change) => <ChangeFacts key={change.id} change={change} />);
}

/** The shop's part: the change waiting (to take back), or the form to ask one, and the changes before. */
export function OrderChangeRequest({
  order,
  onOrder,
  fail,
  say,
}: {
  order: Order;
  onOrder: () => void;
  fail: (error: unknown, key: string) => void;
  say: Say;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const done = (text: string) => say({ kind: 'success', text });
  const [asked, setAsked] = useState<Asked>(NOTHING_ASKED);
  const { busy, run } = useBusy(fail);
  const open = mayChange(order);
  const pending = order.pendingChange;
  const choices = useChoices(order, open && !pending);
  if (!open && !order.changes?.length) return null;

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const body = changeOf(order, asked);
    if (!body) return fail(null, 'orderChanges.nothing');
    await run('orderChanges.sendError', async () => {
      await api('POST /orders/:id/changes', { params: { id: order.id }, lang, body });
      setAsked(NOTHING_ASKED);
      done(t('orderChanges.sent'));
      onOrder();
    });
  }

  async function withdraw(change: OrderChange) {
    await run('orderChanges.sendError', async () => {
      await api('DELETE /orders/:id/changes/:changeId', { params: { id: order.id, changeId: change.id }, lang });
      done(t('orderChanges.withdrawn'));
      onOrder();
    });
  }

  return (
    <section aria-labelledby="changes-title" className="order-changes">
      <h2 id="changes-title" className="section-title section-title--small">
        {t('orderChanges.title')}
      </h2>
      {pending ? (
        <>
          <p>{t('orderChanges.waiting')}</p>
          <ChangeFacts change={pending} />
          <button type="button" className="button button--quiet" disabled={busy} onClick={() => withdraw(pending)}>
            {t('orderChanges.withdraw')}
          </button>
        </>
      ) : (
        open && <ChangeRequestForm order={order} asked={asked} setAsked={setAsked} choices={choices} busy={busy} onSubmit={send} />
      )}
      <ChangeHistory order={order} />
    </section>
  );
}

/** The owner's part: the change waiting, each line to accept or not, a reason for what is refused; the changes before. */
export function OrderChangeDecision({
  order,
  onOrder,
  fail,
  say,
}: {
  order: Order;
  onOrder: (order: Order) => void;
  fail: (error: unknown, key: string) => void;
  say: Say;
}) {
  const { t } = useTranslation();
  const done = (text: string) => say({ kind: 'success', text });
  const { lang } = useLanguage();
  const { api } = useSession();
  const pending = order.pendingChange;
  const [accepted, setAccepted] = useState<Set<number>>(() => new Set(pending?.items.map((_, i) => i) ?? []));
  const [reason, setReason] = useState('');
  const { busy, run } = useBusy(fail);
  const [asked, setAsked] = useState<Asked>(NOTHING_ASKED);
  const open = mayChange(order) && !pending;
  const choices = useChoices(order, open, true);
  if (!pending && !open && !order.changes?.length) return null;

  /** The owner changes the order herself: checked as a shop's change, a revision at once, the shop mailed. */
  async function change(event: React.FormEvent) {
    event.preventDefault();
    const body = changeOf(order, asked);
    if (!body) return fail(null, 'orderChanges.nothing');
    await run('orderChanges.decideError', async () => {
      const next = await api('POST /admin/orders/:id/changes', { params: { id: order.id }, lang, body: { ...body, apply: true } });
      setAsked(NOTHING_ASKED);
      done(t('orderChanges.changed', { n: next.revision ?? 1 }));
      onOrder(next);
    });
  }

  async function decide(event: React.FormEvent) {
    event.preventDefault();
    if (!pending) return;
    await run('orderChanges.decideError', async () => {
      const next = await api('POST /admin/orders/:id/changes/:changeId/decision', {
        params: { id: order.id, changeId: pending.id },
        lang,
        body: { accept: [...accepted].sort((a, b) => a - b), ...(reason.trim() ? { reason: reason.trim() } : {}) },
      });
      done(t('orderChanges.decided', { n: next.revision ?? 1 }));
      onOrder(next);
    });
  }
  const toggle = (i: number) =>
    setAccepted((set) => {
      const next = new Set(set);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  return (
    <section aria-labelledby="changes-title" className="order-action order-changes" data-testid="order-change-panel">
      <h2 id="changes-title" className="section-title section-title--small">
        {t('orderChanges.title')}
      </h2>
      {pending && (
        <form className="form" onSubmit={decide}>
          <p>{t('orderChanges.toDecide')}</p>
          <ChangeFacts change={pending} choose={{ accepted, toggle, busy }} />
          <div className="field">
            <label htmlFor="change-reason">{t('orderChanges.reasonLabel')}</label>
            <textarea id="change-reason" maxLength={1000} rows={2} value={reason} disabled={busy} onChange={(e) => setReason(e.target.value)} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t('orderChanges.decide', { n: accepted.size, of: pending.items.length })}
          </button>
        </form>
      )}
      {open && (
        <details className="order-change-direct">
          <summary>{t('orderChanges.changeIt')}</summary>
          <ChangeRequestForm order={order} asked={asked} setAsked={setAsked} choices={choices} busy={busy} onSubmit={change} owner />
        </details>
      )}
      <ChangeHistory order={order} />
    </section>
  );
}
