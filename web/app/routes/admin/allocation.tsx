import { useEffect, useState } from 'react';
import type { AdminSeason, AllocationProposal, AllocationRule, BulkShipResult } from '@atelier/contract';
import type { Route } from './+types/allocation';
import { Field, FormMessage } from '../../components/Field.tsx';
import { AllocationTable, type Cells } from '../../components/admin/AllocationTable.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useBusy } from '../../lib/busy.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { localName, seasonLabel } from '../../lib/season-label.ts';
import { useSession } from '../../lib/session.tsx';

const RULES = ['arrival', 'proportion', 'priority'] as const satisfies readonly AllocationRule[];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminAllocation', noindex: true });

/** The window and the rule: which delivery's pieces to share, and how. */
function AllocationChoice({
  seasons,
  delivery,
  setDelivery,
  rule,
  setRule,
}: {
  seasons: AdminSeason[];
  delivery: string;
  setDelivery: (id: string) => void;
  rule: AllocationRule;
  setRule: (rule: AllocationRule) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <div className="list-tools__group">
      <div className="field">
        <label htmlFor="allocation-delivery">{t('admin.allocation.delivery')}</label>
        <select id="allocation-delivery" value={delivery} onChange={(e) => setDelivery(e.target.value)}>
          <option value="">—</option>
          {seasons.flatMap((s) =>
            s.deliveries.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {seasonLabel(s, lang)} · {localName(d.translations, lang)}
              </option>
            )),
          )}
        </select>
      </div>
      <fieldset className="sizes">
        <legend>{t('admin.allocation.rule')}</legend>
        {RULES.map((r) => (
          <label key={r} className="check">
            <input type="radio" name="allocation-rule" value={r} checked={rule === r} onChange={() => setRule(r)} /> {t(`admin.allocation.rules.${r}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** What becomes of what a line does not get: it follows (a date), or is cancelled once the rest ships. */
function RestChoice({
  rest,
  setRest,
  followDate,
  setFollowDate,
}: {
  rest: string;
  setRest: (r: 'follow' | 'cancel') => void;
  followDate: string;
  setFollowDate: (d: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="sizes">
      <legend>{t('admin.allocation.rest')}</legend>
      <label className="check">
        <input type="radio" name="allocation-rest" checked={rest === 'follow'} onChange={() => setRest('follow')} /> {t('admin.allocation.follow')}
      </label>
      {rest === 'follow' && <Field type="date" label={t('admin.allocation.followDate')} value={followDate} onChange={(e) => setFollowDate(e.target.value)} />}
      <label className="check">
        <input type="radio" name="allocation-rest" checked={rest === 'cancel'} onChange={() => setRest('cancel')} /> {t('admin.allocation.cancel')}
      </label>
    </fieldset>
  );
}

/** Short production shared out (issue 58): a window's pieces against its pre-orders, by a rule, cell by cell, applied, then shipped. */
export default function AdminAllocation() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const { busy, run } = useBusy(fail);
  const [seasons, setSeasons] = useState<AdminSeason[]>([]);
  const [delivery, setDelivery] = useState('');
  const [rule, setRule] = useState<AllocationRule>('arrival');
  const [q, setQ] = useState('');
  const [proposal, setProposal] = useState<AllocationProposal | null>(null);
  const [cells, setCells] = useState<Cells>({});
  const [rest, setRest] = useState<'follow' | 'cancel'>('follow');
  const [followDate, setFollowDate] = useState('');
  const [applied, setApplied] = useState(false);
  const [shipped, setShipped] = useState<BulkShipResult | null>(null);
  useEffect(() => {
    api('GET /admin/seasons')
      .then((res) => setSeasons(res.data))
      .catch((error: unknown) => fail(error, 'admin.allocation.loadError'));
  }, [api, fail]);

  const compute = () =>
    run('admin.allocation.loadError', async () => {
      setMessage(null);
      setApplied(false);
      setShipped(null);
      setCells({});
      setProposal(await api('GET /admin/allocations/proposal', { query: { delivery: Number(delivery), rule, q: q.trim() || undefined }, lang }));
    });
  const apply = () =>
    run('admin.allocation.applyError', async () => {
      const lines = proposal!.sizes.flatMap((s) => s.lines.map((l) => ({ lineId: l.lineId, quantity: Number(cells[l.lineId] ?? l.gets) })));
      const done = await api('POST /admin/allocations', {
        lang,
        body: { delivery: proposal!.delivery.id, basis: proposal!.basis, rule, lines, rest, ...(rest === 'follow' && followDate ? { followDate } : {}) },
      });
      setApplied(true);
      setProposal(null);
      setMessage({ kind: 'success', text: t('admin.allocation.applied', { pieces: done.pieces, orders: done.orders.length }) });
    });
  const ship = () =>
    run('admin.allocation.shipError', async () => {
      const result = await api('POST /admin/orders/ship-bulk', { lang, body: { deliveryId: Number(delivery) } });
      setShipped(result);
      setMessage({ kind: 'success', text: t('admin.allocation.shipped', { count: result.results.filter((r) => r.shipped).length }) });
    });

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminAllocation')}</h1>
      <p className="lead">{t('admin.allocation.intro')}</p>
      <AllocationChoice seasons={seasons} delivery={delivery} setDelivery={setDelivery} rule={rule} setRule={setRule} />
      <Field label={t('admin.allocation.search')} hint={t('admin.allocation.searchHint')} value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
      <p>
        <button type="button" className="button" disabled={busy || !delivery} onClick={() => void compute()}>
          {t('admin.allocation.compute')}
        </button>
      </p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {proposal && (
        <>
          <AllocationTable proposal={proposal} cells={cells} setCell={(lineId, value) => setCells((c) => ({ ...c, [lineId]: value }))} busy={busy} />
          {proposal.sizes.length > 0 && (
            <>
              <RestChoice rest={rest} setRest={setRest} followDate={followDate} setFollowDate={setFollowDate} />
              <p>
                <button type="button" className="button" disabled={busy} onClick={() => void apply()}>
                  {t('admin.allocation.apply')}
                </button>
              </p>
            </>
          )}
        </>
      )}
      {applied && !shipped && (
        <p>
          <button type="button" className="button" disabled={busy} onClick={() => void ship()}>
            {t('admin.allocation.ship')}
          </button>
        </p>
      )}
      {shipped && (
        <ul className="bulk-results" aria-label={t('admin.allocation.results')}>
          {shipped.results.map((r) => (
            <li key={r.id}>
              {r.number} · {r.shipped ? t('admin.allocation.parcel', { parcel: r.shipment ?? '' }) : (r.error ?? t(`order.status.${r.status ?? 'cancelled'}`))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
