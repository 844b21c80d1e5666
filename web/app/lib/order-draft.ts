import { useEffect, useState } from 'react';
import type { Draft, DraftLineInput } from '@atelier/contract';
import { useSession } from './session.tsx';

const EVENT = 'atelier:draft';

/** Tells every part of the page (the menu's piece count) that the draft changed. */
export function announceDraft(draft: Pick<Draft, 'pieces'>): void {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: draft.pieces }));
}

/** The number of pieces in the signed-in retailer's draft (null for anyone else, or while unknown). */
export function useDraftPieces(): number | null {
  const { user, api } = useSession();
  const [pieces, setPieces] = useState<number | null>(null);
  const retailer = user?.role === 'retailer';
  useEffect(() => {
    if (!retailer) {
      setPieces(null);
      return;
    }
    let cancelled = false;
    api('GET /orders/draft')
      .then((draft) => !cancelled && setPieces(draft.pieces))
      .catch(() => undefined);
    const listen = (event: Event) => setPieces((event as CustomEvent<number>).detail);
    window.addEventListener(EVENT, listen);
    return () => {
      cancelled = true;
      window.removeEventListener(EVENT, listen);
    };
  }, [retailer, api]);
  return pieces;
}

/** A fresh key for one submit attempt (kept for its retries, dropped once it succeeds). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** A draft line as `PUT /api/orders/draft` takes it back, keeping its mode and delivery. */
export function lineInput(line: Draft['lines'][number], quantity = line.quantity): DraftLineInput {
  return { variantId: line.variantId, size: line.size, quantity, mode: line.mode, deliveryId: line.delivery?.id ?? null };
}
