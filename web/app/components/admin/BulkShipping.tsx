// The stockroom's day on the owner's orders list (issue 45): the ticked orders (or all ready for the
// chosen delivery window) as a pick list, PDF or CSV; and "Ship these", one parcel per order of what
// stock allows, with what happened to each.
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { BulkShipResult } from '@atelier/contract';
import { CARRIERS, CARRIER_NAMES } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';

function BulkResults({ results }: { results: BulkShipResult['results'] }) {
  const { t } = useTranslation();
  const shipped = results.filter((r) => r.shipped).length;
  return (
    <div className="bulk-results" data-testid="bulk-results">
      <p role="status">{t('admin.orders.bulk.done', { shipped, refused: results.length - shipped })}</p>
      <ul>
        {results.map((r) => (
          <li key={r.id} className={r.shipped ? 'bulk-results__ok' : 'bulk-results__refused'}>
            {r.number ? <Link to={`/admin/orders/${r.id}`}>{r.number}</Link> : `#${r.id}`}
            {' — '}
            {r.shipped
              ? r.invoice
                ? t('admin.orders.bulk.shippedWith', { parcel: r.shipment, invoice: r.invoice })
                : t('admin.orders.bulk.shippedWaiting', { parcel: r.shipment })
              : t('admin.orders.bulk.notShipped', { reason: r.error })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `selected`: the ticked orders; `delivery`: the window chosen in the filters (its ready orders, for the pick list and Ship these, when none is ticked). */
export function BulkShipping({
  selected,
  delivery,
  onShipped,
  fail,
}: {
  selected: number[];
  delivery: string;
  onShipped: () => void;
  fail: (error: unknown, key: string) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const [carrier, setCarrier] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<BulkShipResult['results'] | null>(null);
  const scope = selected.length ? { ids: selected.join(',') } : delivery ? { delivery } : null;

  async function pickList(format: 'pdf' | 'csv') {
    if (!token || !scope) return;
    try {
      await downloadFile(format === 'pdf' ? 'GET /admin/orders/pick-list.pdf' : 'GET /admin/orders/pick-list.csv', { query: scope, lang }, token);
    } catch (error) {
      fail(error, 'admin.orders.exportError');
    }
  }

  async function shipThese() {
    const question = selected.length ? t('admin.orders.bulk.confirm', { count: selected.length }) : t('admin.orders.bulk.confirmWindow');
    if (!scope || !window.confirm(question)) return;
    setBusy(true);
    try {
      const which = selected.length ? { orderIds: selected } : { deliveryId: Number(delivery) };
      setResults((await api('POST /admin/orders/ship-bulk', { lang, body: { ...which, ...(carrier ? { carrier } : {}) } })).results);
      onShipped();
    } catch (error) {
      fail(error, 'admin.orders.actionError');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="bulk-shipping" aria-labelledby="bulk-title">
      <h2 id="bulk-title" className="form__title">
        {t('admin.orders.bulk.title')}
      </h2>
      <p className="field__hint" data-testid="bulk-scope">
        {selected.length ? t('admin.orders.bulk.selected', { count: selected.length }) : delivery ? t('admin.orders.bulk.window') : t('admin.orders.bulk.hint')}
      </p>
      <div className="bulk-shipping__actions">
        <button type="button" className="button button--quiet" disabled={!scope} onClick={() => void pickList('pdf')}>
          {t('admin.orders.bulk.pickPdf')}
        </button>
        <button type="button" className="button button--quiet" disabled={!scope} onClick={() => void pickList('csv')}>
          {t('admin.orders.bulk.pickCsv')}
        </button>
      </div>
      <div className="bulk-shipping__actions">
        <div className="field">
          <label htmlFor="bulk-carrier">{t('admin.orders.carrierLabel')}</label>
          <select id="bulk-carrier" value={carrier} disabled={busy} onChange={(e) => setCarrier(e.target.value)}>
            <option value="">{t('admin.orders.carrierNone')}</option>
            {CARRIERS.map((code) => (
              <option key={code} value={code}>
                {CARRIER_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" disabled={busy || !scope} onClick={() => void shipThese()}>
          {selected.length || !delivery ? t('admin.orders.bulk.ship', { count: selected.length }) : t('admin.orders.bulk.shipWindow')}
        </button>
      </div>
      {results && <BulkResults results={results} />}
    </section>
  );
}

/** The orders ticked on the list, forgotten when `key` (the tab, the filters, the page) changes. */
export function useSelection(key: string) {
  const [state, setState] = useState<{ key: string; ids: Set<number> }>({ key, ids: new Set() });
  const ids = state.key === key ? state.ids : new Set<number>();
  const toggle = useCallback(
    (id: number) =>
      setState((prev) => {
        const next = new Set(prev.key === key ? prev.ids : []);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return { key, ids: next };
      }),
    [key],
  );
  const clear = useCallback(() => setState({ key, ids: new Set() }), [key]);
  return { selected: ids as ReadonlySet<number>, toggle, clear };
}
