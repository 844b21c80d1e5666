import { useEffect, useState } from 'react';
import type { AdminSeason, StockRow } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';
import { StockGrid } from './StockGrid.tsx';
import { seasonLabel } from '../../lib/season-label.ts';

/**
 * The seasons a style is sold in, as checkboxes (a new style starts in the current season).
 * `value` null: nothing chosen yet, the current season is shown ticked.
 */
export function ProductSeasons({ value, onChange, disabled }: { value: number[] | null; onChange: (ids: number[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [seasons, setSeasons] = useState<AdminSeason[] | null>(null);
  useEffect(() => {
    api('GET /admin/seasons')
      .then((res) => setSeasons(res.data))
      .catch(() => setSeasons([]));
  }, [api]);
  if (seasons === null) return null;
  const chosen = value ?? seasons.filter((s) => s.current).map((s) => s.id);
  return (
    <fieldset className="status-field" data-testid="product-seasons">
      <legend>{t('admin.products.seasons')}</legend>
      {seasons.length === 0 && <p className="field__hint">{t('admin.products.noSeason')}</p>}
      {seasons.map((s) => (
        <div className="field field--check" key={s.id}>
          <input
            id={`product-season-${s.id}`}
            type="checkbox"
            checked={chosen.includes(s.id)}
            disabled={disabled}
            onChange={(e) => onChange(e.target.checked ? [...chosen, s.id] : chosen.filter((id) => id !== s.id))}
          />
          <label htmlFor={`product-season-${s.id}`}>{seasonLabel(s, lang)}</label>
        </div>
      ))}
      {seasons.length > 0 && <p className="field__hint">{t('admin.products.seasonsHint')}</p>}
    </fieldset>
  );
}

/** A saved style's stock grid in its editor (saved on its own, apart from the product). */
export function ProductStock({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [rows, setRows] = useState<StockRow[] | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    api('GET /admin/stock', { lang, query: { product: String(productId) } })
      .then((res) => setRows(res.data))
      .catch(() => setRows([]));
  }, [api, lang, productId, version]);
  if (!rows || rows.length === 0) return null;
  return (
    <section className="product-stock" aria-labelledby="product-stock-title" data-testid="product-stock">
      <h2 id="product-stock-title" className="form__title">
        {t('admin.stock.productTitle')}
      </h2>
      <p className="field__hint">{t('admin.stock.productHint')}</p>
      <StockGrid rows={rows} headingLevel={3} onSaved={() => setVersion((v) => v + 1)} />
    </section>
  );
}
