import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CompanyDoor, WaitlistEntry, WaitlistOffer } from '@atelier/contract';
import { formatDay } from '@atelier/contract/pure';
import type { Route } from './+types/account-waitlist';
import { DoorSelect } from '../components/DoorSelect.tsx';
import { FormMessage } from '../components/Field.tsx';
import { RequireRole } from '../components/Guard.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useBusy } from '../lib/busy.ts';
import { useLanguage } from '../lib/language.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useScreenMessage } from '../lib/screen-message.ts';
import { useSession } from '../lib/session.tsx';
import { useCompanyDoors } from '../lib/doors.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.waitlist', noindex: true });

const pieceOf = (p: Pick<WaitlistEntry, 'reference' | 'productTitle' | 'colorName' | 'size'>) => `${p.productTitle} — ${p.colorName}, ${p.size}`;

/** One offer: the pieces held for the shop until their time, to order now or let go. */
function OfferCard({
  offer,
  doors,
  mayAct,
  highlighted,
  onDone,
}: {
  offer: WaitlistOffer;
  doors: CompanyDoor[];
  mayAct: boolean;
  highlighted: boolean;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [doorId, setDoorId] = useState<number | null>(null);
  const open = offer.status === 'open';
  const confirm = () =>
    run('waitlist.actionError', async () => {
      const order = await api('POST /offers/:id/confirm', { params: { id: offer.id }, lang, body: doorId !== null ? { doorId } : {} });
      onDone(t('waitlist.confirmed', { number: order.number }));
    });
  const decline = () =>
    run('waitlist.actionError', async () => {
      await api('POST /offers/:id/decline', { params: { id: offer.id }, lang });
      onDone(t('waitlist.declined'));
    });
  return (
    <article
      className={highlighted ? 'parcel proposal parcel--highlighted' : 'parcel proposal'}
      data-testid="waitlist-offer"
      aria-labelledby={`offer-${offer.id}`}
    >
      <h3 id={`offer-${offer.id}`} className="parcels__follow-title">
        {pieceOf(offer)} · <span data-testid="offer-status">{t(`waitlist.offerStatus.${offer.status}`)}</span>
      </h3>
      {open && (
        <p>{t('waitlist.held', { count: offer.quantity, date: `${formatDay(offer.expiresAt.slice(0, 10), lang)} ${offer.expiresAt.slice(11, 16)} UTC` })}</p>
      )}
      {offer.order && (
        <p>
          <Link to={`/account/orders/${offer.order.id}`}>{t('waitlist.order', { number: offer.order.number })}</Link>
        </p>
      )}
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {open && mayAct && <DoorSelect id={`offer-door-${offer.id}`} doors={doors} value={doorId} onChange={setDoorId} disabled={busy} none="—" />}
      {open && mayAct && (
        <p className="proposal__actions">
          <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
            {t('waitlist.confirm')}
          </button>{' '}
          <button type="button" className="button button--quiet" disabled={busy} onClick={() => void decline()}>
            {t('waitlist.decline')}
          </button>
        </p>
      )}
    </article>
  );
}

/** The shop's waits: each size, its place in line, and leaving it. */
function Waits({ waits, mayAct, onLeft }: { waits: WaitlistEntry[]; mayAct: boolean; onLeft: (text: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const leave = (id: number) =>
    run('waitlist.actionError', async () => {
      await api('DELETE /waitlist/:id', { params: { id }, lang });
      onLeft(t('waitlist.left'));
    });
  if (waits.length === 0) return <p>{t('waitlist.empty')}</p>;
  return (
    <>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <ul className="waitlist" data-testid="waitlist-entries">
        {waits.map((w) => (
          <li key={w.id} className="waitlist__entry" data-testid="waitlist-entry">
            <span>
              {pieceOf(w)} · {t('waitlist.quantity', { count: w.quantity })} ·{' '}
              {w.position ? t('waitlist.position', { position: w.position }) : t(`waitlist.status.${w.status}`)}
            </span>{' '}
            {mayAct && w.status === 'waiting' && (
              <button type="button" className="button button--quiet" disabled={busy} onClick={() => void leave(w.id)}>
                {t('waitlist.leave')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Sizes the shop waits for and the pieces held for it (issue 58): confirm or let go each offer; leave a wait. */
function WaitlistScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, user } = useSession();
  const [params] = useSearchParams();
  const { message, setMessage, fail } = useScreenMessage();
  const [offers, setOffers] = useState<WaitlistOffer[] | null>(null);
  const [waits, setWaits] = useState<WaitlistEntry[] | null>(null);
  const doors = useCompanyDoors();
  const mayAct = user?.company?.role !== 'accounts';
  const load = useCallback(() => {
    Promise.all([api('GET /account/offers', { lang }), api('GET /account/waitlist', { lang })])
      .then(([o, w]) => {
        setOffers(o.data);
        setWaits(w.data);
      })
      .catch((error: unknown) => fail(error, 'waitlist.loadError'));
  }, [api, lang, fail]);
  useEffect(load, [load]);
  const done = (text: string) => {
    setMessage({ kind: 'success', text });
    load();
  };
  const asked = Number(params.get('offer')) || null;
  return (
    <div className="page page--narrow order-page">
      <h1 className="page-title">{t('waitlist.title')}</h1>
      <p className="lead">{t('waitlist.intro')}</p>
      <p>
        <Link to="/account/orders">{t('order.myOrders')}</Link>
      </p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {offers === null || waits === null ? (
        !message && <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <h2 className="section-title">{t('waitlist.offersTitle')}</h2>
          {offers.length === 0 ? (
            <p>{t('waitlist.noOffer')}</p>
          ) : (
            offers.map((o) => <OfferCard key={`${o.id}-${o.status}`} offer={o} doors={doors} mayAct={mayAct} highlighted={o.id === asked} onDone={done} />)
          )}
          <h2 className="section-title">{t('waitlist.waitsTitle')}</h2>
          <Waits waits={waits} mayAct={mayAct} onLeft={done} />
        </>
      )}
    </div>
  );
}

export default function AccountWaitlist() {
  return (
    <RequireRole roles={['retailer']}>
      <WaitlistScreen />
    </RequireRole>
  );
}
