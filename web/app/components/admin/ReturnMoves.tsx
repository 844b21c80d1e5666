// The owner's answers to a return (issue 45): accept (all, or fewer of a line) with instructions,
// refuse with a reason, then receive what arrived and say whether each piece can be sold again.
import { useState } from 'react';
import type { ReturnRecord } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';

type Line = ReturnRecord['lines'][number];
const label = (l: Line, oneSize: string) => `${l.productTitle} · ${l.colorName} · ${l.size === 'ONESIZE' ? oneSize : l.size}`;

export function AcceptReturnForm({
  record,
  busy,
  onAccept,
}: {
  record: ReturnRecord;
  busy: boolean;
  onAccept: (body: { lines: Array<{ lineId: number; quantity: number }>; instructions?: string }) => void;
}) {
  const { t } = useTranslation();
  const [counts, setCounts] = useState<Record<number, string>>(() => Object.fromEntries(record.lines.map((l) => [l.id, String(l.quantity)])));
  const [instructions, setInstructions] = useState('');
  return (
    <form
      className="form order-action"
      aria-labelledby="accept-title"
      onSubmit={(e) => {
        e.preventDefault();
        onAccept({ lines: record.lines.map((l) => ({ lineId: l.id, quantity: Number(counts[l.id] || 0) })), ...(instructions.trim() ? { instructions } : {}) });
      }}
    >
      <h2 id="accept-title" className="form__title">
        {t('admin.returns.acceptTitle')}
      </h2>
      <ul className="confirm-lines">
        {record.lines.map((l) => (
          <li key={l.id}>
            <label htmlFor={`accept-${l.id}`}>{label(l, t('order.oneSize'))}</label>
            <input
              id={`accept-${l.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={l.quantity}
              value={counts[l.id] ?? ''}
              disabled={busy}
              onChange={(e) => setCounts((c) => ({ ...c, [l.id]: e.target.value.replace(/[^\d]/g, '').slice(0, 3) }))}
            />
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor="return-instructions">{t('admin.returns.instructionsLabel')}</label>
        <textarea id="return-instructions" rows={2} maxLength={2000} value={instructions} disabled={busy} onChange={(e) => setInstructions(e.target.value)} />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {t('admin.returns.accept')}
      </button>
    </form>
  );
}

export function RefuseReturnForm({ busy, onRefuse }: { busy: boolean; onRefuse: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <form
      className="form order-action"
      aria-labelledby="refuse-title"
      onSubmit={(e) => {
        e.preventDefault();
        onRefuse(reason);
      }}
    >
      <h2 id="refuse-title" className="form__title">
        {t('admin.returns.refuseTitle')}
      </h2>
      <div className="field">
        <label htmlFor="refuse-reason">{t('admin.orders.reasonLabel')}</label>
        <textarea id="refuse-reason" rows={2} maxLength={500} required value={reason} disabled={busy} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="button button--quiet" disabled={busy || !reason.trim()}>
        {t('admin.returns.refuse')}
      </button>
    </form>
  );
}

export function ReceiveReturnForm({
  record,
  busy,
  onReceive,
}: {
  record: ReturnRecord;
  busy: boolean;
  onReceive: (lines: Array<{ lineId: number; quantity: number; resellable: boolean }>) => void;
}) {
  const { t } = useTranslation();
  const accepted = record.lines.filter((l) => (l.accepted ?? 0) > 0);
  const [counts, setCounts] = useState<Record<number, string>>(() => Object.fromEntries(accepted.map((l) => [l.id, String(l.accepted)])));
  const [resellable, setResellable] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(accepted.map((l) => [l.id, l.reason !== 'faulty' && l.reason !== 'damaged'])),
  );
  return (
    <form
      className="form order-action"
      aria-labelledby="receive-title"
      onSubmit={(e) => {
        e.preventDefault();
        onReceive(accepted.map((l) => ({ lineId: l.id, quantity: Number(counts[l.id] || 0), resellable: !!resellable[l.id] })));
      }}
    >
      <h2 id="receive-title" className="form__title">
        {t('admin.returns.receiveTitle')}
      </h2>
      <p className="field__hint">{t('admin.returns.receiveHint')}</p>
      <ul className="confirm-lines">
        {accepted.map((l) => (
          <li key={l.id}>
            <label htmlFor={`receive-${l.id}`}>{label(l, t('order.oneSize'))}</label>
            <input
              id={`receive-${l.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={l.accepted ?? 0}
              value={counts[l.id] ?? ''}
              disabled={busy}
              onChange={(e) => setCounts((c) => ({ ...c, [l.id]: e.target.value.replace(/[^\d]/g, '').slice(0, 3) }))}
            />
            <label className="checkbox-inline">
              <input
                type="checkbox"
                checked={!!resellable[l.id]}
                disabled={busy}
                onChange={(e) => setResellable((r) => ({ ...r, [l.id]: e.target.checked }))}
              />{' '}
              {t('admin.returns.backToStock', { what: label(l, t('order.oneSize')) })}
            </label>
          </li>
        ))}
      </ul>
      <button type="submit" className="button" disabled={busy}>
        {t('admin.returns.receive')}
      </button>
    </form>
  );
}
