import { useEffect, useState } from 'react';
import type { StockRow } from '@atelier/contract';
import { useSession } from './session.tsx';

/** How many shops wait for each size of these rows (issue 58), by `variantId:size`; empty until known. */
export function useWaiting(rows: StockRow[]): Map<string, number> {
  const { api } = useSession();
  const [waiting, setWaiting] = useState<Map<string, number>>(new Map());
  const variants = [...new Set(rows.map((r) => r.variantId))].slice(0, 200).join(',');
  useEffect(() => {
    if (!variants) return;
    let cancelled = false;
    api('GET /admin/waitlists/pieces', { query: { variants } })
      .then((res) => !cancelled && setWaiting(new Map(res.data.map((p) => [`${p.variantId}:${p.size}`, p.shops]))))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [api, variants]);
  return waiting;
}
