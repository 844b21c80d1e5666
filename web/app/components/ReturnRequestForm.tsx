// A shop asks to return pieces of one parcel (issue 45): per line how many, why, a note and up to three
// photos (each uploaded as it is chosen); the owner answers by mail and on the order.
import { useState } from 'react';
import type { Order, ReturnInput, ReturnReason } from '@atelier/contract';
import { RETURN_PHOTOS_MAX, RETURN_REASONS } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { uploadImage } from '../lib/upload.ts';
import { useSession } from '../lib/session.tsx';

type Ask = { quantity: string; reason: ReturnReason; note: string; photos: string[] };
type Line = Order['lines'][number];

function ReturnLineFields({
  line,
  most,
  ask,
  busy,
  set,
  onPhoto,
}: {
  line: Line;
  most: number;
  ask: Ask;
  busy: boolean;
  set: (next: Partial<Ask>) => void;
  onPhoto: (file: File) => void;
}) {
  const { t } = useTranslation();
  const name = `${line.productTitle} · ${line.colorName} · ${line.size === 'ONESIZE' ? t('order.oneSize') : line.size}`;
  return (
    <fieldset className="return-line">
      <legend>{name}</legend>
      <div className="return-line__fields">
        <div className="field">
          <label htmlFor={`return-qty-${line.id}`}>{t('returns.quantityLabel', { most })}</label>
          <input
            id={`return-qty-${line.id}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={most}
            value={ask.quantity}
            disabled={busy}
            onChange={(e) => set({ quantity: e.target.value.replace(/[^\d]/g, '').slice(0, 3) })}
          />
        </div>
        <div className="field">
          <label htmlFor={`return-reason-${line.id}`}>{t('returns.reason')}</label>
          <select id={`return-reason-${line.id}`} value={ask.reason} disabled={busy} onChange={(e) => set({ reason: e.target.value as ReturnReason })}>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`returns.reasons.${r}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`return-note-${line.id}`}>{t('returns.noteLabel')}</label>
        <input id={`return-note-${line.id}`} maxLength={500} value={ask.note} disabled={busy} onChange={(e) => set({ note: e.target.value })} />
      </div>
      {ask.photos.length < RETURN_PHOTOS_MAX && (
        <div className="field">
          <label htmlFor={`return-photo-${line.id}`}>{t('returns.photoLabel')}</label>
          <input
            id={`return-photo-${line.id}`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={busy}
            onChange={(e) => e.target.files?.[0] && onPhoto(e.target.files[0])}
          />
        </div>
      )}
      {ask.photos.length > 0 && (
        <p className="return-photos" data-testid="return-photos">
          {ask.photos.map((url, i) => (
            <img key={url} src={url} alt={t('returns.photo', { n: i + 1 })} width={56} height={42} />
          ))}
        </p>
      )}
    </fieldset>
  );
}

/** `onSent`: the return made (the order screen reads its returns again). */
export function ReturnRequestForm({
  order,
  onSend,
  fail,
}: {
  order: Order;
  onSend: (body: ReturnInput) => Promise<void>;
  fail: (error: unknown, key: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const shipments = order.shipments ?? [];
  const [shipmentId, setShipmentId] = useState(shipments.at(-1)?.id ?? 0);
  const [asks, setAsks] = useState<Record<number, Ask>>({});
  const [busy, setBusy] = useState(false);
  const parcel = shipments.find((s) => s.id === shipmentId);
  if (!parcel) return null;
  const askOf = (id: number): Ask => asks[id] ?? { quantity: '0', reason: 'faulty', note: '', photos: [] };
  const set = (id: number, next: Partial<Ask>) => setAsks((a) => ({ ...a, [id]: { ...askOf(id), ...next } }));
  async function photo(id: number, file: File) {
    setBusy(true);
    try {
      const url = await uploadImage('POST /returns/photos', file, token, () => undefined);
      set(id, { photos: [...askOf(id).photos, url] });
    } catch (error) {
      fail(error, 'returns.photoError');
    } finally {
      setBusy(false);
    }
  }
  const lines = parcel.lines.map((p) => ({ line: order.lines.find((l) => l.id === p.lineId)!, most: p.quantity })).filter((x) => x.line);
  const chosen = lines.filter((x) => Number(askOf(x.line.id).quantity) > 0);
  return (
    <form
      className="form order-action"
      aria-labelledby="return-title"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        const body: ReturnInput = {
          shipmentId,
          lines: chosen.map(({ line }) => {
            const a = askOf(line.id);
            return {
              lineId: line.id,
              quantity: Number(a.quantity),
              reason: a.reason,
              ...(a.note.trim() ? { note: a.note } : {}),
              ...(a.photos.length ? { photos: a.photos } : {}),
            };
          }),
        };
        void onSend(body)
          .then(() => setAsks({}))
          .finally(() => setBusy(false));
      }}
    >
      <h2 id="return-title" className="form__title">
        {t('returns.askTitle')}
      </h2>
      <p className="field__hint">{t('returns.askHint')}</p>
      {shipments.length > 1 && (
        <div className="field">
          <label htmlFor="return-parcel">{t('returns.parcelLabel')}</label>
          <select id="return-parcel" value={shipmentId} disabled={busy} onChange={(e) => setShipmentId(Number(e.target.value))}>
            {shipments.map((s) => (
              <option key={s.id} value={s.id}>
                {t('order.parcel', { number: s.number })}
              </option>
            ))}
          </select>
        </div>
      )}
      {lines.map(({ line, most }) => (
        <ReturnLineFields
          key={line.id}
          line={line}
          most={most}
          ask={askOf(line.id)}
          busy={busy}
          set={(next) => set(line.id, next)}
          onPhoto={(file) => void photo(line.id, file)}
        />
      ))}
      <button type="submit" className="button" disabled={busy || chosen.length === 0}>
        {t('returns.send')}
      </button>
    </form>
  );
}
