// The owner writes an order for a shop (issue 57): the shop found by its name, its door, the lines picked
// style by style, the date it holds until and a word; the shop is mailed and sends it or declines it.
import { useEffect, useState } from 'react';
import type { AdminProduct, CompanyDoor, CompanySummary, Size } from '@atelier/contract';
import { Field, TextAreaField } from '../Field.tsx';
import { DoorSelect } from '../DoorSelect.tsx';
import { QuantityField } from '../QuantityField.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useBusy } from '../../lib/busy.ts';
import { useSession } from '../../lib/session.tsx';

interface Line {
  variantId: number;
  size: Size;
  quantity: number;
  name: string;
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The styles found by a search, and the one chosen: its colour, size and quantity, added as a line. */
function LinePicker({ onAdd, busy }: { onAdd: (line: Line) => void; busy: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<AdminProduct[]>([]);
  const [productId, setProductId] = useState<number | null>(null);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [size, setSize] = useState<Size | ''>('');
  const [quantity, setQuantity] = useState('1');
  useEffect(() => {
    let live = true;
    api('GET /admin/products', { query: { q: q.trim() || undefined, limit: '20', status: 'published' }, lang })
      .then((list) => live && setFound(list))
      .catch(() => live && setFound([]));
    return () => {
      live = false;
    };
  }, [api, q, lang]);
  const product = found.find((p) => p.id === productId) ?? found[0];
  const variant = product?.variants.find((v) => v.id === variantId) ?? product?.variants[0];
  const chosenSize = size && variant?.sizes.includes(size) ? size : (variant?.sizes[0] ?? '');
  const add = () => {
    if (!product || !variant || !chosenSize || !(Number(quantity) > 0)) return;
    onAdd({ variantId: variant.id, size: chosenSize, quantity: Number(quantity), name: `${product.title} · ${variant.colorName} · ${chosenSize}` });
  };
  return (
    <fieldset className="proposal-picker">
      <legend>{t('admin.proposals.addLine')}</legend>
      <Field label={t('admin.proposals.findStyle')} value={q} onChange={(e) => setQ(e.target.value)} disabled={busy} />
      <div className="order-change-line">
        <div className="field">
          <label htmlFor="proposal-style">{t('admin.proposals.style')}</label>
          <select id="proposal-style" value={product?.id ?? ''} disabled={busy} onChange={(e) => setProductId(Number(e.target.value))}>
            {found.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {p.reference ? ` (${p.reference})` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="proposal-colour">{t('admin.proposals.colour')}</label>
          <select id="proposal-colour" value={variant?.id ?? ''} disabled={busy} onChange={(e) => setVariantId(Number(e.target.value))}>
            {(product?.variants ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.colorName}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="proposal-size">{t('admin.proposals.size')}</label>
          <select id="proposal-size" value={chosenSize} disabled={busy} onChange={(e) => setSize(e.target.value as Size)}>
            {(variant?.sizes ?? []).map((s) => (
              <option key={s} value={s}>
                {s === 'ONESIZE' ? t('order.oneSize') : s}
              </option>
            ))}
          </select>
        </div>
        <QuantityField label={t('order.quantity')} value={quantity} onValue={setQuantity} disabled={busy} />
      </div>
      <button type="button" className="button button--quiet" disabled={busy || !variant} onClick={add}>
        {t('admin.proposals.add')}
      </button>
    </fieldset>
  );
}

/** The shop: found by its name, then its door when it has several. */
function ShopPicker({
  companyId,
  setCompanyId,
  doorId,
  setDoorId,
  busy,
}: {
  companyId: number | null;
  setCompanyId: (id: number | null) => void;
  doorId: number | null;
  setDoorId: (id: number | null) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [q, setQ] = useState('');
  const [shops, setShops] = useState<CompanySummary[]>([]);
  const [doors, setDoors] = useState<CompanyDoor[]>([]);
  useEffect(() => {
    let live = true;
    api('GET /admin/companies', { query: { q: q.trim() || undefined, limit: '20' } })
      .then((list) => live && setShops(list.data))
      .catch(() => live && setShops([]));
    return () => {
      live = false;
    };
  }, [api, q]);
  // The shop chosen is one of those found (the first, until another is picked).
  useEffect(() => {
    if (!shops.some((s) => s.id === companyId)) setCompanyId(shops[0]?.id ?? null);
  }, [shops, companyId, setCompanyId]);
  const chosen = companyId;
  useEffect(() => {
    if (chosen === null) return setDoors([]);
    let live = true;
    api('GET /admin/companies/:id', { params: { id: chosen } })
      .then((view) => live && setDoors(view.doors))
      .catch(() => live && setDoors([]));
    return () => {
      live = false;
    };
  }, [api, chosen]);
  return (
    <>
      <Field label={t('admin.proposals.findShop')} value={q} onChange={(e) => setQ(e.target.value)} disabled={busy} />
      <div className="field">
        <label htmlFor="proposal-shop">{t('admin.proposals.shop')}</label>
        <select
          id="proposal-shop"
          value={chosen ?? ''}
          disabled={busy}
          onChange={(e) => {
            setCompanyId(Number(e.target.value));
            setDoorId(null);
          }}
        >
          {shops.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
              {s.town ? `, ${s.town}` : ''}
            </option>
          ))}
        </select>
      </div>
      <DoorSelect id="proposal-door" doors={doors} value={doorId} onChange={setDoorId} disabled={busy} none={t('admin.proposals.doorLater')} />
    </>
  );
}

/** The whole form; `onWritten` once the proposal is saved. */
export function ProposalForm({ onWritten, fail }: { onWritten: () => void; fail: (error: unknown, key: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [doorId, setDoorId] = useState<number | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [expiresOn, setExpiresOn] = useState(inDays(14));
  const [message, setMessage] = useState('');
  const { busy, run } = useBusy(fail);
  const [shopKey, setShopKey] = useState(0);

  async function write(event: React.FormEvent) {
    event.preventDefault();
    const chosen = companyId;
    if (chosen === null || lines.length === 0) return fail(null, 'admin.proposals.incomplete');
    await run('admin.proposals.writeError', async () => {
      await api('POST /admin/proposals', {
        lang,
        body: {
          companyId: chosen,
          ...(doorId !== null ? { doorId } : {}),
          items: lines.map(({ variantId, size, quantity }) => ({ variantId, size, quantity })),
          expiresOn,
          ...(message.trim() ? { message: message.trim() } : {}),
        },
      });
      setLines([]);
      setMessage('');
      setShopKey((k) => k + 1);
      onWritten();
    });
  }

  return (
    <form className="form order-action" data-testid="proposal-form" onSubmit={(e) => void write(e)}>
      <h2 className="form__title">{t('admin.proposals.write')}</h2>
      <p className="field-hint">{t('admin.proposals.hint')}</p>
      <ShopPicker key={shopKey} companyId={companyId} setCompanyId={setCompanyId} doorId={doorId} setDoorId={setDoorId} busy={busy} />
      <LinePicker busy={busy} onAdd={(line) => setLines((all) => [...all.filter((l) => !(l.variantId === line.variantId && l.size === line.size)), line])} />
      {lines.length > 0 && (
        <ul className="proposal-lines" aria-label={t('admin.proposals.lines')}>
          {lines.map((l) => (
            <li key={`${l.variantId}-${l.size}`} data-testid="proposal-line">
              {l.name} × {l.quantity}{' '}
              <button
                type="button"
                className="button button--quiet button--small"
                disabled={busy}
                onClick={() => setLines((all) => all.filter((x) => x !== l))}
                aria-label={t('admin.proposals.remove', { line: l.name })}
              >
                {t('admin.proposals.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field
        label={t('admin.proposals.expiresOn')}
        type="date"
        value={expiresOn}
        min={inDays(0)}
        onChange={(e) => setExpiresOn(e.target.value)}
        disabled={busy}
      />
      <TextAreaField
        label={t('admin.proposals.message')}
        value={message}
        maxLength={2000}
        rows={3}
        onChange={(e) => setMessage(e.target.value)}
        disabled={busy}
      />
      <button type="submit" className="button" disabled={busy}>
        {t('admin.proposals.send')}
      </button>
    </form>
  );
}
