import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Order } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useSession } from '../../lib/session.tsx';
import { leftOf } from '../OrderShipments.tsx';
import { FormMessage } from '../Field.tsx';

/** A short low tone: the scan was refused (a packer hears it without looking). */
function refusalTone(): void {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 220;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch {
    // No sound here: the message says it.
  }
}

/**
 * Packing by scan (issue 60): a barcode scanner types the code and Enter; each scan counts one piece on its
 * line (the first one starts the count from nothing), a code not in the order or one over what is left is
 * refused with a message and a tone, and the parcel ships what was scanned.
 */
export function ScanPacking({ order, busy, onCount }: { order: Order; busy: boolean; onCount: (counts: Record<number, string>) => void }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [codes, setCodes] = useState<Map<string, number> | null>(null);
  const [counts, setCounts] = useState<Record<number, number> | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    api('GET /admin/orders/:id/gtins', { params: { id: order.id } })
      .then((res) => setCodes(new Map(res.lines.map((l) => [l.gtin, l.lineId]))))
      .catch(() => setCodes(new Map()));
  }, [api, order.id]);
  if (!codes || codes.size === 0) return null;
  const scan = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = event.currentTarget.value.replace(/\s+/g, '');
    event.currentTarget.value = '';
    const line = order.lines.find((l) => l.id === codes.get(code));
    const refuse = (text: string) => {
      setMessage({ kind: 'error', text });
      refusalTone();
    };
    if (!line || leftOf(line) === 0) return refuse(t('admin.orders.scanUnknown', { code }));
    const next = { ...(counts ?? {}) };
    const what = `${line.productTitle} · ${line.colorName} · ${line.size}`;
    if ((next[line.id] ?? 0) + 1 > leftOf(line)) return refuse(t('admin.orders.scanOver', { what, count: leftOf(line) }));
    next[line.id] = (next[line.id] ?? 0) + 1;
    setCounts(next);
    onCount(Object.fromEntries(order.lines.map((l) => [l.id, String(next[l.id] ?? 0)])));
    setMessage({ kind: 'success', text: t('admin.orders.scanned', { what, count: next[line.id], of: leftOf(line) }) });
  };
  return (
    <div className="field scan-packing" data-testid="scan-packing">
      <label htmlFor="scan-code">{t('admin.orders.scanLabel')}</label>
      <input id="scan-code" ref={field} inputMode="numeric" autoComplete="off" disabled={busy} aria-describedby="scan-hint" onKeyDown={scan} />
      <p className="field__hint" id="scan-hint">
        {t('admin.orders.scanHint')}
      </p>
      <div aria-live="assertive">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
    </div>
  );
}
