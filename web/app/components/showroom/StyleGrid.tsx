import { useState } from 'react';
import { formatPrice } from '@atelier/contract/pure';
import type { Locale, ShowroomSnapshot } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { keyOf, type Quantities, type Where } from './lines.ts';

type Style = ShowroomSnapshot['styles'][number];
type Row = { where: Where; label: string };

/** The season's styles, found by reference or title, each colour with a quantity per size (or pack) and window. */
export function StyleGrid({
  snapshot,
  quantities,
  onQuantity,
  lang,
}: {
  snapshot: ShowroomSnapshot;
  quantities: Quantities;
  onQuantity: (key: string, value: string) => void;
  lang: Locale;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const styles = snapshot.styles.filter((s) => !search || `${s.reference ?? ''} ${s.title}`.toLowerCase().includes(search.toLowerCase()));
  const windows: Row[] =
    snapshot.season?.state === 'open' ? snapshot.season.deliveries.map((d) => ({ where: d.id, label: `${t('admin.showroom.window')} ${d.name}` })) : [];
  return (
    <fieldset className="showroom__styles">
      <legend>{t('admin.showroom.styles')}</legend>
      <label>
        {t('admin.showroom.searchStyle')}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {styles.map((style) => (
        <article key={style.id} className="showroom-style">
          <h2>
            {style.reference ? <span className="showroom-style__ref">{style.reference}</span> : null} {style.title}
          </h2>
          <p className="showroom-style__rules">
            {style.packsOnly ? t('admin.showroom.packsOnly') : null}
            {style.orderMultiple > 1 ? t('admin.showroom.multiple', { n: style.orderMultiple }) : null}
          </p>
          {style.variants.map((variant) => (
            <Colour key={variant.id} {...{ style, variant, snapshot, windows, quantities, onQuantity, lang }} />
          ))}
        </article>
      ))}
    </fieldset>
  );
}

/** One colour: its picture and price, then a row per window it can be ordered for. */
function Colour({
  style,
  variant,
  snapshot,
  windows,
  quantities,
  onQuantity,
  lang,
}: {
  style: Style;
  variant: Style['variants'][number];
  snapshot: ShowroomSnapshot;
  windows: Row[];
  quantities: Quantities;
  onQuantity: (key: string, value: string) => void;
  lang: Locale;
}) {
  const { t } = useTranslation();
  const stocked = variant.sizes.some((s) => (variant.available[s] ?? 0) > 0);
  // Open windows, and any window this order already has pieces in (closed since: shown, to mend).
  const has = (where: Where) => Object.entries(quantities).some(([k, v]) => v > 0 && k.startsWith(`${variant.id}|`) && k.endsWith(`|${where}`));
  const closedWithPieces = (snapshot.season?.deliveries ?? [])
    .filter((d) => !windows.some((w) => w.where === d.id) && has(d.id))
    .map((d) => ({ where: d.id as Where, label: `${t('admin.showroom.window')} ${d.name} ${t('admin.showroom.closed')}` }));
  const rows: Row[] = [...(stocked || has('atOnce') ? [{ where: 'atOnce' as const, label: t('admin.showroom.atOnce') }] : []), ...windows, ...closedWithPieces];
  return (
    <div className="showroom-colour">
      {variant.image ? <img src={variant.image} alt="" width={120} height={150} loading="lazy" /> : null}
      <div className="showroom-colour__grid">
        <h3>
          {variant.colorName} ·{' '}
          {variant.retailPrice !== null
            ? t('admin.showroom.price', {
                price: formatPrice(variant.price, lang, snapshot.currency),
                rrp: formatPrice(variant.retailPrice, lang, snapshot.currency),
              })
            : t('admin.showroom.priceNoRrp', { price: formatPrice(variant.price, lang, snapshot.currency) })}
        </h3>
        {rows.map((row) => (
          <div key={row.where} className="showroom-row">
            <p className="showroom-row__label">{row.label}</p>
            {style.packs.map((pack) => {
              const key = keyOf(variant.id, `pack:${pack.id}`, row.where);
              return (
                <label key={key} className="qty qty--pack">
                  {t('admin.showroom.packOf', {
                    name: pack.name,
                    sizes: Object.entries(pack.sizes)
                      .map(([s, n]) => `${n} ${s}`)
                      .join(' · '),
                  })}
                  <QuantityInput label={`${variant.colorName}, ${pack.name}, ${row.label}`} value={quantities[key]} onChange={(v) => onQuantity(key, v)} />
                </label>
              );
            })}
            {style.packsOnly
              ? null
              : variant.sizes.map((size) => {
                  const key = keyOf(variant.id, size, row.where);
                  const left = row.where === 'atOnce' ? (variant.available[size] ?? 0) : null;
                  return (
                    <label key={key} className="qty">
                      {size}
                      {left !== null ? <small>{t('admin.showroom.available', { n: left })}</small> : null}
                      <QuantityInput
                        label={`${variant.colorName}, ${size}, ${row.label}`}
                        step={style.orderMultiple}
                        value={quantities[key]}
                        onChange={(v) => onQuantity(key, v)}
                      />
                    </label>
                  );
                })}
          </div>
        ))}
      </div>
    </div>
  );
}

function QuantityInput({ label, value, step, onChange }: { label: string; value: number | undefined; step?: number; onChange: (value: string) => void }) {
  return (
    <input type="number" inputMode="numeric" min={0} max={999} step={step} aria-label={label} value={value || ''} onChange={(e) => onChange(e.target.value)} />
  );
}
