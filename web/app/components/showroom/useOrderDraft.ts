import { useEffect, useMemo, useRef, useState } from 'react';
import type { ShowroomSnapshot } from '@atelier/contract';
import { store } from '../../lib/showroom-store.ts';
import { atShopPrices, linesOf, quantitiesOf } from './lines.ts';
import type { OrderDraft } from './OrderForm.tsx';

export const EMPTY_DRAFT: OrderDraft = { retailerId: null, doorId: null, newShop: null, quantities: {}, note: '', signature: '' };

/**
 * The order being typed on the tablet: read back from what the tablet kept (with the rest of the
 * account's things, `restore`), saved there at each change, replaced when it is taken or mended.
 */
export function useOrderDraft({
  account,
  allowed,
  restore,
  snapshot,
}: {
  account: string;
  allowed: boolean;
  restore: () => Promise<void>;
  snapshot: ShowroomSnapshot | null;
}) {
  const [orderId, setOrderId] = useState<string>('');
  const [draft, setDraft] = useState<OrderDraft>(EMPTY_DRAFT);
  const change = (patch: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const loaded = useRef(false);
  // Until what the tablet kept is read back, the order form is busy (and says so to screen readers).
  const [restored, setRestored] = useState(false);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // What the tablet kept for this account: its snapshot, its queue, the order being typed.
  useEffect(() => {
    if (!account || !allowed) return;
    void (async () => {
      await restore();
      const kept = await store.draft(account);
      setOrderId(kept?.id ?? crypto.randomUUID());
      if (kept) {
        setDraft({
          retailerId: kept.stockistId ?? null,
          doorId: kept.doorId ?? null,
          newShop: kept.newShop ?? null,
          quantities: quantitiesOf(kept.lines ?? []),
          note: kept.note ?? '',
          signature: kept.signature ?? '',
        });
      }
      loaded.current = true;
      setRestored(true);
    })();
  }, [account, allowed, restore]);

  // The snapshot at the chosen shop's prices (its discount: issue 47).
  const shown = useMemo(() => (snapshot ? atShopPrices(snapshot, draft.retailerId) : null), [snapshot, draft.retailerId]);
  const lines = useMemo(() => (shown ? linesOf(draft.quantities, shown) : []), [draft.quantities, shown]);
  const { retailerId, doorId, newShop, note, signature } = draft;
  useEffect(() => {
    if (!loaded.current || !account) return;
    const timer = setTimeout(() => void store.saveDraft(account, { id: orderId, stockistId: retailerId, doorId, newShop, lines, note, signature }), 200);
    draftTimer.current = timer;
    return () => clearTimeout(timer);
  }, [account, orderId, retailerId, doorId, newShop, lines, note, signature]);

  /** After `write` (the order taken, or put back to mend), the form holds another order. */
  const replace = async (write: () => Promise<void>, id: string, next: OrderDraft) => {
    if (draftTimer.current) clearTimeout(draftTimer.current);
    await write();
    setOrderId(id);
    setDraft(next);
  };

  return { orderId, draft, change, lines, shown, restored, replace };
}
