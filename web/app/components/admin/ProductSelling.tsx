import { SIZES, type Size } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { emptyPack, type ProductForm } from '../../lib/product-form.ts';

/**
 * How a style is sold to shops (issue 34): an order multiple (quantities per colour and size a
 * multiple of it), named packs (pieces per size in one pack: 1 XS · 2 S · 2 M · 1 L), and whether it
 * is sold in packs only. The server checks the rules again (a pack's sizes must be made in every colour).
 */
export function ProductSelling({
  form,
  onChange,
  disabled,
}: {
  form: ProductForm;
  onChange: (next: Pick<ProductForm, 'packs' | 'packsOnly' | 'orderMultiple'>) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const sizes = SIZES.filter((size) => form.variants.some((v) => v.sizes.includes(size)));
  const set = (patch: Partial<Pick<ProductForm, 'packs' | 'packsOnly' | 'orderMultiple'>>) =>
    onChange({ packs: form.packs, packsOnly: form.packsOnly, orderMultiple: form.orderMultiple, ...patch });
  const sizeName = (size: Size) => (size === 'ONESIZE' ? t('order.oneSize') : size);
  return (
    <fieldset className="status-field product-selling" data-testid="product-selling">
      <legend>{t('admin.products.selling.title')}</legend>
      <div className="field">
        <label htmlFor="product-multiple">{t('admin.products.selling.multiple')}</label>
        <input
          id="product-multiple"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          value={form.orderMultiple}
          disabled={disabled}
          aria-describedby="product-multiple-hint"
          onChange={(e) => set({ orderMultiple: e.target.value })}
        />
        <p className="field__hint" id="product-multiple-hint">
          {t('admin.products.selling.multipleHint')}
        </p>
      </div>
      {form.packs.map((pack, index) => (
        <fieldset key={pack.key} className="product-pack" data-testid="product-pack">
          <legend>{t('admin.products.selling.pack', { n: index + 1 })}</legend>
          <div className="field">
            <label htmlFor={`pack-name-${pack.key}`}>{t('admin.products.selling.packName')}</label>
            <input
              id={`pack-name-${pack.key}`}
              value={pack.name}
              maxLength={60}
              disabled={disabled}
              onChange={(e) => set({ packs: form.packs.map((p) => (p.key === pack.key ? { ...p, name: e.target.value } : p)) })}
            />
          </div>
          <div className="product-pack__sizes">
            {sizes.map((size) => (
              <div className="field" key={size}>
                <label htmlFor={`pack-${pack.key}-${size}`}>{t('admin.products.selling.piecesOf', { size: sizeName(size) })}</label>
                <input
                  id={`pack-${pack.key}-${size}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={99}
                  value={pack.sizes[size] ?? ''}
                  disabled={disabled}
                  onChange={(e) => set({ packs: form.packs.map((p) => (p.key === pack.key ? { ...p, sizes: { ...p.sizes, [size]: e.target.value } } : p)) })}
                />
              </div>
            ))}
          </div>
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={disabled}
            onClick={() => set({ packs: form.packs.filter((p) => p.key !== pack.key), packsOnly: form.packs.length > 1 && form.packsOnly })}
          >
            {t('admin.products.selling.removePack', { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--small" disabled={disabled} onClick={() => set({ packs: [...form.packs, emptyPack()] })}>
        {t('admin.products.selling.addPack')}
      </button>
      <div className="field field--check">
        <input
          id="product-packs-only"
          type="checkbox"
          checked={form.packsOnly}
          disabled={disabled || form.packs.length === 0}
          onChange={(e) => set({ packsOnly: e.target.checked })}
        />
        <label htmlFor="product-packs-only">{t('admin.products.selling.packsOnly')}</label>
      </div>
    </fieldset>
  );
}
