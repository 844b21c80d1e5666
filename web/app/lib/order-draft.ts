import { useEffect, useState } from 'react';
import type { Draft, DraftEntryInput, DraftLineInput } from '@atelier/contract';
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
  // An accounts person of a company orders nothing (issue 46): no draft to count.
  const retailer = user?.role === 'retailer' && user.company?.role !== 'accounts';
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

/** Where a draft line goes: at once, or its delivery window. */
const placeOf = (line: Draft['lines'][number]) => `${line.mode}:${line.delivery?.id ?? ''}`;

/** A pack line's group: the pieces by size one "n × pack" entry made. */
export function packGroup(line: Draft['lines'][number]): string | null {
  return line.pack?.id ? `${line.variantId}:${line.pack.id}:${placeOf(line)}` : null;
}

/**
 * The draft's lines as `PUT /api/orders/draft` takes them back: a pack's sizes as the one pack entry
 * they came from (so many packs), the other lines piece by piece with their mode and delivery.
 * `skip` leaves lines out; `quantityOf` changes a piece line's quantity.
 */
export function draftEntries(
  lines: Draft['lines'],
  skip: (line: Draft['lines'][number]) => boolean = () => false,
  quantityOf: (line: Draft['lines'][number]) => number = (l) => l.quantity,
): DraftEntryInput[] {
  const packs = new Set<string>();
  const out: DraftEntryInput[] = [];
  for (const line of lines) {
    if (skip(line)) continue;
    const group = packGroup(line);
    if (group && line.pack?.id) {
      if (!packs.has(group))
        out.push({ variantId: line.variantId, packId: line.pack.id, packs: line.pack.packs, mode: line.mode, deliveryId: line.delivery?.id ?? null });
      packs.add(group);
    } else out.push(lineInput(line, quantityOf(line)));
  }
  return out;
}
