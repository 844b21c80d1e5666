import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CompanyDoor, Draft, DraftEntryInput } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from './api.ts';
import { useLanguage } from './language.tsx';
import { announceDraft, draftEntries, newIdempotencyKey, packGroup } from './order-draft.ts';
import { useSession } from './session.tsx';

type Line = Draft['lines'][number];

/**
 * The retailer's draft on /orders/draft: read, each change saved (a line keeps its mode and delivery),
 * and sent once (one Idempotency-Key per attempt: a retry after a timeout makes one order).
 */
export function useDraft() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // One key per attempt: a retry after a timeout sends the same one, so it makes one order.
  const attempt = useRef<string | null>(null);
  // The doors this person orders for (issue 46): asked when there are several.
  const [doors, setDoors] = useState<CompanyDoor[]>([]);
  const [doorId, setDoorId] = useState<number | null>(null);

  const fail = useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage({ kind: 'error', text: errorMessage(error, t(fallback)) });
    },
    [navigate, t],
  );

  useEffect(() => {
    api('GET /orders/draft', { lang })
      .then(setDraft)
      .catch((error: unknown) => fail(error, 'order.loadError'));
  }, [api, lang, fail]);
  useEffect(() => {
    api('GET /account/doors')
      .then((list) => setDoors(list.data))
      .catch(() => setDoors([]));
  }, [api]);

  async function save(lines: DraftEntryInput[]) {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await api('PUT /orders/draft', { lang, body: { lines } });
      setDraft(saved);
      announceDraft(saved);
    } catch (error) {
      fail(error, 'order.saveError');
    } finally {
      setBusy(false);
    }
  }

  // Each line goes back with its mode and delivery, so changing a quantity never moves it.
  const lines = draft?.lines ?? [];
  // A line is one piece for one mode and delivery window: the same piece may be in two windows.
  // A line made by packs is its pack's: removed with the pack's other sizes.
  const same = (a: Line, b: Line) =>
    a.variantId === b.variantId && a.size === b.size && a.mode === b.mode && a.delivery?.id === b.delivery?.id && (a.pack?.id ?? null) === (b.pack?.id ?? null);
  const setQuantity = (line: Line, quantity: number) => save(draftEntries(lines, undefined, (l) => (same(l, line) ? quantity : l.quantity)));
  const remove = (line: Line) => save(draftEntries(lines, (l) => same(l, line) || (packGroup(line) !== null && packGroup(l) === packGroup(line))));

  async function send() {
    if (!draft) return;
    setBusy(true);
    setMessage(null);
    attempt.current ??= newIdempotencyKey();
    try {
      const order = await api('POST /orders/draft/submit', {
        lang,
        body: { ...(note.trim() ? { note: note.trim() } : {}), ...(doors.length > 1 && doorId !== null ? { doorId } : {}) },
        headers: { 'idempotency-key': attempt.current },
      });
      attempt.current = null;
      announceDraft({ pieces: 0 });
      const made = order.orders?.length ?? 1;
      navigate(made > 1 ? `/account/orders?sent=${made}` : `/account/orders/${order.id}?sent=1`);
    } catch (error) {
      // A refusal (minimum, lines gone) is final for this attempt; a network failure keeps the key.
      if (error instanceof Error && 'status' in error) attempt.current = null;
      fail(error, 'order.sendError');
      setBusy(false);
    }
  }

  return { draft, note, setNote, busy, message, setQuantity, remove, send, doors, doorId, setDoorId };
}
