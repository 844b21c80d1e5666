import { useRef, useState } from 'react';
import { GALLERY_MAX, LOCALES, SIZES } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { ColorPicker } from '../ColorPicker.tsx';
import { ResponsiveImage } from '../ResponsiveImage.tsx';
import { acceptPrice, addToGallery, toggleSize, type FormError, type VariantForm } from '../../lib/product-form.ts';

/** A form error in words, with the variant it belongs to. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: FormError): string => {
    const where = 'variant' in error ? t('admin.products.variantN', { n: error.variant + 1 }) : '';
    const locale = 'locale' in error && error.locale ? ` (${t(`language.${error.locale}`)})` : '';
    switch (error.key) {
      case 'galleryLimit':
        return `${where} — ${t('admin.products.errors.galleryLimit', { max: GALLERY_MAX, count: error.count })}`;
      case 'variantMinError':
        return t('admin.products.errors.variantMinError');
      default:
        return `${where ? `${where} — ` : ''}${t(`admin.products.errors.${error.key}`)}${locale}`;
    }
  };
}

function UploadButton({ label, multiple, disabled, onFiles }: { label: string; multiple?: boolean; disabled?: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <label className={`upload-button${disabled ? ' upload-button--disabled' : ''}`}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        className="visually-hidden-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (input.current) input.current.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <span>{label}</span>
    </label>
  );
}

type EditorProps = {
  variant: VariantForm;
  index: number;
  count: number;
  disabled: boolean;
  errors: FormError[];
  onChange: (next: VariantForm) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onUpload: (files: File[], onProgress: (f: number) => void) => Promise<string[]>;
  onGalleryRefused: (count: number) => void;
};

/** The colour's name in each language, its swatch, its trade price and its RRP. */
function VariantBasics({
  variant,
  prefix,
  disabled,
  invalidRetail,
  onChange,
}: Pick<EditorProps, 'variant' | 'disabled' | 'onChange'> & { prefix: string; invalidRetail: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="variant-editor__grid">
      {LOCALES.map((locale) => (
        <div className="field" key={locale}>
          <label htmlFor={`${prefix}-name-${locale}`}>{t('admin.products.colourName', { language: t(`language.${locale}`) })}</label>
          <input
            id={`${prefix}-name-${locale}`}
            value={variant.names[locale]}
            required
            disabled={disabled}
            onChange={(e) => onChange({ ...variant, names: { ...variant.names, [locale]: e.target.value } })}
          />
        </div>
      ))}
      <div className="field">
        <span className="field__label">{t('admin.products.colourCode')}</span>
        <ColorPicker label={t('admin.products.colourCode')} value={variant.colorCode} onChange={(colorCode) => onChange({ ...variant, colorCode })} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-price`}>{t('admin.products.price')}</label>
        <input
          id={`${prefix}-price`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={variant.price}
          required
          disabled={disabled}
          onChange={(e) => {
            const accepted = acceptPrice(e.target.value);
            if (accepted !== null) onChange({ ...variant, price: accepted });
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-retail`}>{t('admin.products.retailPrice')}</label>
        <input
          id={`${prefix}-retail`}
          type="number"
          inputMode="decimal"
          min={variant.price || 0}
          step={0.01}
          value={variant.retailPrice}
          disabled={disabled}
          aria-describedby={`${prefix}-retail-hint`}
          aria-invalid={invalidRetail || undefined}
          onChange={(e) => {
            const accepted = acceptPrice(e.target.value);
            if (accepted !== null) onChange({ ...variant, retailPrice: accepted });
          }}
        />
        <p className="field__hint" id={`${prefix}-retail-hint`}>
          {t('admin.products.retailPriceHint')}
        </p>
      </div>
    </div>
  );
}

/** The colour's main picture and its gallery (up to GALLERY_MAX), each upload with its progress. */
function VariantImages({
  variant,
  index,
  disabled,
  onChange,
  onUpload,
  onGalleryRefused,
}: Pick<EditorProps, 'variant' | 'index' | 'disabled' | 'onChange' | 'onUpload' | 'onGalleryRefused'>) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [galleryProgress, setGalleryProgress] = useState<number | null>(null);
  return (
    <div className="variant-editor__images">
      <div className="field">
        <span className="field__label">{t('admin.products.image')}</span>
        {variant.imageUrl ? (
          <div className="thumb">
            <ResponsiveImage url={variant.imageUrl} alt={t('admin.products.mainImageAlt', { n: index + 1 })} sizes="120px" />
          </div>
        ) : (
          <p className="field__hint">{t('admin.products.noImage')}</p>
        )}
        <UploadButton
          label={variant.imageUrl ? t('admin.products.replaceImage') : t('admin.products.uploadImage')}
          disabled={disabled || progress !== null}
          onFiles={async (files) => {
            setProgress(0);
            try {
              const [url] = await onUpload(files.slice(0, 1), setProgress);
              if (url) onChange({ ...variant, imageUrl: url });
            } finally {
              setProgress(null);
            }
          }}
        />
        {progress !== null && <progress max={1} value={progress} aria-label={t('admin.products.uploading')} />}
      </div>
      <div className="field">
        <span className="field__label">
          {t('admin.products.gallery')} ({variant.imageGallery.length}/{GALLERY_MAX})
        </span>
        <ul className="gallery-list">
          {variant.imageGallery.map((url, g) => (
            <li key={url}>
              <div className="thumb thumb--small">
                <ResponsiveImage url={url} alt={t('admin.products.galleryImageAlt', { n: g + 1 })} sizes="80px" />
              </div>
              <button
                type="button"
                className="link-button"
                disabled={disabled}
                onClick={() => onChange({ ...variant, imageGallery: variant.imageGallery.filter((u) => u !== url) })}
              >
                {t('admin.products.removeImage', { n: g + 1 })}
              </button>
            </li>
          ))}
        </ul>
        <UploadButton
          label={t('admin.products.addGallery')}
          multiple
          disabled={disabled || galleryProgress !== null || variant.imageGallery.length >= GALLERY_MAX}
          onFiles={async (files) => {
            const room = GALLERY_MAX - variant.imageGallery.length;
            if (files.length > room) onGalleryRefused(variant.imageGallery.length + files.length);
            setGalleryProgress(0);
            try {
              const urls = await onUpload(files.slice(0, room), setGalleryProgress);
              const { gallery, refused } = addToGallery(variant.imageGallery, urls);
              if (refused > 0) onGalleryRefused(variant.imageGallery.length + urls.length);
              onChange({ ...variant, imageGallery: gallery });
            } finally {
              setGalleryProgress(null);
            }
          }}
        />
        {galleryProgress !== null && <progress max={1} value={galleryProgress} aria-label={t('admin.products.uploading')} />}
      </div>
    </div>
  );
}

/** One colour of a product: its name, swatch and prices, its pictures, its sizes, its errors, and its place. */
export function VariantEditor({ variant, index, count, disabled, errors, onChange, onMove, onRemove, onUpload, onGalleryRefused }: EditorProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const prefix = `variant-${variant.key}`;
  const own = errors.filter((e) => 'variant' in e && e.variant === index);

  return (
    <fieldset className="variant-editor" data-testid={`variant-${index}`}>
      <legend>{t('admin.products.variantN', { n: index + 1 })}</legend>
      <VariantBasics
        variant={variant}
        prefix={prefix}
        disabled={disabled}
        invalidRetail={own.some((e) => e.key === 'retailPriceInvalid')}
        onChange={onChange}
      />

      <VariantImages variant={variant} index={index} disabled={disabled} onChange={onChange} onUpload={onUpload} onGalleryRefused={onGalleryRefused} />

      <fieldset className="sizes">
        <legend>{t('admin.products.sizes')}</legend>
        {SIZES.map((size) => (
          <label key={size} className="check">
            <input
              type="checkbox"
              checked={variant.sizes.includes(size)}
              disabled={disabled}
              onChange={() => onChange({ ...variant, sizes: toggleSize(variant.sizes, size) })}
            />
            {size === 'ONESIZE' ? t('admin.products.oneSize') : size}
          </label>
        ))}
      </fieldset>

      {own.length > 0 && (
        <ul className="field-errors">
          {own.map((e, i) => (
            <li key={i} className="field__error">
              {errorText(e)}
            </li>
          ))}
        </ul>
      )}

      <div className="variant-editor__actions">
        <button type="button" className="button button--quiet" disabled={disabled || index === 0} onClick={() => onMove(-1)}>
          {t('admin.products.variantUp')}
        </button>
        <button type="button" className="button button--quiet" disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
          {t('admin.products.variantDown')}
        </button>
        <button type="button" className="button button--quiet button--danger" disabled={disabled} onClick={onRemove}>
          {t('admin.products.removeVariant')}
        </button>
      </div>
    </fieldset>
  );
}
