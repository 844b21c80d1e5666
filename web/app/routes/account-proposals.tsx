import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CompanyDoor, Proposal } from '@atelier/contract';
import { formatDay, formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/account-proposals';
import { DoorSelect } from '../components/DoorSelect.tsx';
import { FormMessage } from '../components/Field.tsx';
import { RequireRole } from '../components/Guard.tsx';
import { itemName } from '../components/OrderChangeForm.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useScreenMessage } from '../lib/screen-message.ts';
import { useBusy } from '../lib/busy.ts';
import { useSession } from '../lib/session.tsx';
import { useCompanyDoors } from '../lib/doors.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.proposals', noindex: true });

/** A proposal's lines: the piece, its quantity (to adjust while it is open), its price and delivery. */
function ProposalLines({
  proposal,
  editable,
  busy,
  quantityOf,
  setQuantity,
}: {
  proposal: Proposal;
  editable: boolean;
  busy: boolean;
  quantityOf: (i: number) => string;
  setQuantity: (i: number, value: string) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <div className="table-scroll" role="region" aria-label={t('proposals.linesCaption')} tabIndex={0}>
      <table className="order-table">
        <caption className="visually-hidden">{t('proposals.linesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('order.product')}</th>
            <th scope="col" className="num">
              {t('order.quantity')}
            </th>
            <th scope="col" className="num">
              {t('order.unitPrice')}
            </th>
            <th scope="col">{t('proposals.window')}</th>
          </tr>
        </thead>
        <tbody>
          {proposal.lines.map((l, i) => (
            <tr key={i}>
              <td className="order-change__piece">{itemName(l, t('order.oneSize'))}</td>
              <td className="num">
                {editable ? (
                  <input
                    className="proposal__quantity"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={999}
                    aria-label={t('proposals.quantityOf', { line: itemName(l, t('order.oneSize')) })}
                    value={quantityOf(i)}
                    disabled={busy}
                    onChange={(e) => {
                      setQuantity(i, e.target.value.replace(/[^\d]/g, '').slice(0, 3));
                    }}
                  />
                ) : (
                  l.quantity
                )}
              </td>
              <td className="num">{formatPrice(l.unitPrice, lang, proposal.currency)}</td>
              <td>{l.mode === 'atOnce' ? t('proposals.atOnce') : (l.delivery?.name ?? '—')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One proposal: its lines (their quantities to adjust while it is open), its total, send or decline. */
function ProposalCard({ proposal, doors, onDone }: { proposal: Proposal; doors: CompanyDoor[]; onDone: (sent?: { id: number }) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, user } = useSession();
  const { message, fail } = useScreenMessage();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [doorId, setDoorId] = useState<number | null>(proposal.door?.id ?? null);
  const { busy, run } = useBusy(fail);
  const open = proposal.status === 'open';
  const mayAct = open && user?.company?.role !== 'accounts';
  const quantityOf = (i: number) => quantities[i] ?? String(proposal.lines[i]!.quantity);

  async function send() {
    const adjusted = proposal.lines.some((l, i) => Number(quantityOf(i)) !== l.quantity);
    const items = proposal.lines
      .map((l, i) => ({ variantId: l.variantId, size: l.size, quantity: Number(quantityOf(i)), mode: l.mode, deliveryId: l.delivery?.id ?? null }))
      .filter((l) => l.quantity > 0);
    if (items.length === 0) return fail(null, 'proposals.nothing');
    await run('proposals.sendError', async () => {
      const sent = await api('POST /proposals/:id/send', {
        params: { id: proposal.id },
        lang,
        body: { ...(adjusted ? { items } : {}), ...(doorId !== null ? { doorId } : {}) },
      });
      onDone(sent);
    });
  }

  async function decline() {
    await run('proposals.sendError', async () => {
      await api('POST /proposals/:id/decline', { params: { id: proposal.id }, lang });
      onDone();
    });
  }

  return (
    <article className="parcel proposal" data-testid="proposal" aria-labelledby={`proposal-${proposal.id}`}>
      <h2 id={`proposal-${proposal.id}`} className="parcels__follow-title">
        {t('proposals.heading', { date: formatDay(proposal.createdAt.slice(0, 10), lang) })} ·{' '}
        <span data-testid="proposal-status">{t(`proposals.status.${proposal.status}`)}</span>
      </h2>
      <p>
        {open ? t('proposals.until', { date: formatDay(proposal.expiresOn, lang) }) : null}
        {proposal.order && (
          <>
            {t('proposals.became')} <Link to={`/account/orders/${proposal.order.id}`}>{proposal.order.number}</Link>
          </>
        )}
      </p>
      {proposal.message && <p className="order-change__message">“{proposal.message}”</p>}
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <ProposalLines
        proposal={proposal}
        editable={mayAct}
        busy={busy}
        quantityOf={quantityOf}
        setQuantity={(i, value) => setQuantities((q) => ({ ...q, [i]: value }))}
      />
      <p>{t('proposals.total', { pieces: proposal.pieces, total: formatPrice(proposal.total, lang, proposal.currency) })}</p>
      {mayAct && <DoorSelect id={`proposal-door-${proposal.id}`} doors={doors} value={doorId} onChange={setDoorId} disabled={busy} none="—" />}
      {mayAct && (
        <p className="proposal__actions">
          <button type="button" className="button" disabled={busy} onClick={() => void send()}>
            {t('proposals.send')}
          </button>{' '}
          <button type="button" className="button button--quiet" disabled={busy} onClick={() => void decline()}>
            {t('proposals.decline')}
          </button>
        </p>
      )}
    </article>
  );
}

/** Orders the label wrote for the shop (issue 57): the open ones to adjust and send, or decline; the last decided. */
function ProposalsScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const { message, fail } = useScreenMessage();
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const doors = useCompanyDoors();
  const load = useCallback(() => {
    api('GET /account/proposals', { lang })
      .then((res) => setProposals(res.data))
      .catch((error: unknown) => fail(error, 'proposals.loadError'));
  }, [api, lang, fail]);
  useEffect(load, [load]);
  return (
    <div className="page page--narrow order-page">
      <h1 className="page-title">{t('proposals.title')}</h1>
      <p className="lead">{t('proposals.intro')}</p>
      <p>
        <Link to="/account/orders">{t('order.myOrders')}</Link>
      </p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {proposals === null ? (
        !message && <p role="status">{t('common.loading')}</p>
      ) : proposals.length === 0 ? (
        <p>{t('proposals.empty')}</p>
      ) : (
        proposals.map((p) => (
          <ProposalCard key={`${p.id}-${p.status}`} proposal={p} doors={doors} onDone={(sent) => (sent ? navigate(`/account/orders/${sent.id}`) : load())} />
        ))
      )}
    </div>
  );
}

export default function AccountProposals() {
  return (
    <RequireRole roles={['retailer']}>
      <ProposalsScreen />
    </RequireRole>
  );
}
