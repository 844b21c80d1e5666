import { useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSearchParams } from 'react-router';
import { GALLERY_MAX, LOCALES, missingLocale, type Locale } from '@atelier/contract/pure';
import type { AdminProduct } from '@atelier/contract';
import type { Route } from './+types/products';
import { EditorActions } from '../../components/EditorActions.tsx';
import { FormMessage } from '../../components/Field.tsx';
import { MissingFlag } from '../../components/admin/Bilingual.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { uploadImage } from '../../lib/upload.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import {
  emptyForm,
  emptyVariant,
  formFromProduct,
  moveVariant,
  toPayload,
  validateForm,
  type FormError,
  type ProductForm,
  type VariantForm,
} from '../../lib/product-form.ts';
import { useSession } from '../../lib/session.tsx';
import { VariantEditor, useErrorText } from '../../components/admin/VariantEditor.tsx';
import { ProductSeasons, ProductStock } from '../../components/admin/ProductSeasons.tsx';
import { ProductSelling } from '../../components/admin/ProductSelling.tsx';
import { ProductList } from '../../components/admin/ProductList.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminProducts', noindex: true });

type Upload = (files: File[], onProgress: (f: number) => void) => Promise<string[]>;

/** `?edit=12` (from the activity log, the preview) opens that product in the editor, wherever it is in the list. */
function useEditParam(open: (id: number) => void) {
  const [params, setParams] = useSearchParams();
  const editParam = params.get('edit');
  useEffect(() => {
    if (!editParam || !/^\d+$/.test(editParam)) return;
    // The address loses `edit` at once (a reload keeps the list); the product opens when it arrives.
    open(Number(editParam));
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editParam]);
}

/** Pictures sent one after the other, the progress shared between them; the first failure stops the rest. */
function useUpload(fail: (error: unknown, key: string) => void): Upload {
  const { token } = useSession();
  return async (files, onProgress) => {
    const urls: string[] = [];
    for (const [i, file] of files.entries()) {
      try {
        urls.push(await uploadImage('POST /admin/uploads', file, token, (f) => onProgress((i + f) / files.length)));
      } catch (error) {
        fail(error, 'admin.products.uploadError');
        break;
      }
    }
    return urls;
  };
}

/** What each part of the product's form is given. */
type FieldsProps = { form: ProductForm; setForm: Dispatch<SetStateAction<ProductForm>>; saving: boolean; formErrors: FormError[] };

/** The product's reference and whether it is published. */
function ProductIdentity({ form, setForm, saving, formErrors }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field field--short">
        <label htmlFor="product-reference">{t('admin.products.reference')}</label>
        <input
          id="product-reference"
          value={form.reference}
          maxLength={40}
          autoCapitalize="characters"
          spellCheck={false}
          disabled={saving}
          aria-describedby="product-reference-hint"
          aria-invalid={formErrors.some((e) => e.key === 'referenceInvalid') || undefined}
          onChange={(e) => setForm((f) => ({ ...f, reference: e.target.value }))}
        />
        <p className="field__hint" id="product-reference-hint">
          {t('admin.products.referenceHint')}
        </p>
      </div>
      <fieldset className="status-field">
        <legend>{t('admin.products.status')}</legend>
        {(['published', 'draft'] as const).map((status) => (
          <div className="field field--check" key={status}>
            <input
              id={`product-status-${status}`}
              type="radio"
              name="product-status"
              value={status}
              checked={form.status === status}
              disabled={saving}
              onChange={() => setForm((f) => ({ ...f, status }))}
            />
            <label htmlFor={`product-status-${status}`}>{t(`admin.products.statuses.${status}`)}</label>
          </div>
        ))}
        <p className="field__hint">{t('admin.products.statusHint')}</p>
      </fieldset>
    </>
  );
}

/** The product's title, mantra and description in each language, a missing mantra flagged. */
function ProductTexts({ form, setForm, saving, formErrors }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="locale-fieldsets">
      {LOCALES.map((locale: Locale) => (
        <fieldset key={locale} className="locale-fieldset">
          <legend>{t(`language.${locale}`)}</legend>
          <div className="field">
            <label htmlFor={`title-${locale}`}>{t('admin.products.title')}</label>
            <input
              id={`title-${locale}`}
              lang={locale}
              value={form.texts[locale].title}
              required
              disabled={saving}
              aria-invalid={formErrors.some((e) => e.key === 'titleRequired' && 'locale' in e && e.locale === locale) || undefined}
              onChange={(e) => setForm((f) => ({ ...f, texts: { ...f.texts, [locale]: { ...f.texts[locale], title: e.target.value } } }))}
            />
          </div>
          <div className="field">
            <label htmlFor={`mantra-${locale}`}>{t('admin.products.mantra')}</label>
            <input
              id={`mantra-${locale}`}
              lang={locale}
              value={form.texts[locale].mantra}
              disabled={saving}
              aria-describedby={missingLocale(form.texts.fr.mantra, form.texts.en.mantra) === locale ? `mantra-${locale}-missing` : undefined}
              onChange={(e) => setForm((f) => ({ ...f, texts: { ...f.texts, [locale]: { ...f.texts[locale], mantra: e.target.value } } }))}
            />
            {missingLocale(form.texts.fr.mantra, form.texts.en.mantra) === locale && <MissingFlag locale={locale} id={`mantra-${locale}-missing`} />}
          </div>
          <div className="field">
            <label htmlFor={`description-${locale}`}>{t('admin.products.description')}</label>
            <textarea
              id={`description-${locale}`}
              lang={locale}
              rows={4}
              value={form.texts[locale].description}
              required
              disabled={saving}
              aria-invalid={formErrors.some((e) => e.key === 'descriptionRequired' && 'locale' in e && e.locale === locale) || undefined}
              onChange={(e) => setForm((f) => ({ ...f, texts: { ...f.texts, [locale]: { ...f.texts[locale], description: e.target.value } } }))}
            />
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** The product's colourways, each with its sizes, prices and pictures; one can be added, moved or removed (one stays). */
function VariantsEditor({
  form,
  setForm,
  saving,
  errors,
  upload,
  refuse,
}: {
  form: ProductForm;
  setForm: Dispatch<SetStateAction<ProductForm>>;
  saving: boolean;
  errors: FormError[];
  upload: Upload;
  refuse: (text: string) => void;
}) {
  const { t } = useTranslation();
  const setVariant = (index: number, next: VariantForm) => setForm((f) => ({ ...f, variants: f.variants.map((v, i) => (i === index ? next : v)) }));
  return (
    <>
      <h3 className="form__subtitle">{t('admin.products.variants')}</h3>
      {form.variants.map((variant, index) => (
        <VariantEditor
          key={variant.key}
          variant={variant}
          index={index}
          count={form.variants.length}
          disabled={saving}
          errors={errors}
          onChange={(next) => setVariant(index, next)}
          onMove={(delta) => setForm((f) => ({ ...f, variants: moveVariant(f.variants, index, delta) }))}
          onRemove={() => {
            if (form.variants.length === 1) {
              refuse(t('admin.products.errors.variantMinError'));
              return;
            }
            setForm((f) => ({ ...f, variants: f.variants.filter((_, i) => i !== index) }));
          }}
          onUpload={upload}
          onGalleryRefused={(count) => refuse(t('admin.products.errors.galleryLimit', { max: GALLERY_MAX, count }))}
        />
      ))}
      <button
        type="button"
        className="button button--quiet"
        disabled={saving}
        onClick={() => setForm((f) => ({ ...f, variants: [...f.variants, emptyVariant()] }))}
      >
        {t('admin.products.addVariant')}
      </button>
    </>
  );
}

type EditorProps = {
  form: ProductForm;
  setForm: Dispatch<SetStateAction<ProductForm>>;
  saving: boolean;
  errors: FormError[];
  selectedId: number | null;
  onSubmit: (event: FormEvent) => void;
  onStartNew: () => void;
  upload: Upload;
  refuse: (text: string) => void;
};

/** The product's form: identity, seasons, selling, texts, the errors left, the colourways and the save. */
function ProductEditor({ form, setForm, saving, errors, selectedId, onSubmit, onStartNew, upload, refuse }: EditorProps) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const formErrors = errors.filter((e) => !('variant' in e));
  return (
    <form id="product-form" className="product-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
      <h2 className="form__title">
        {selectedId === null ? t('admin.products.createTitle') : t('admin.products.editTitle', { title: form.texts[lang].title || form.texts.fr.title })}
      </h2>
      <ProductIdentity form={form} setForm={setForm} saving={saving} formErrors={formErrors} />
      <ProductSeasons value={form.seasonIds} disabled={saving} onChange={(seasonIds) => setForm((f) => ({ ...f, seasonIds }))} />
      <ProductSelling form={form} disabled={saving} onChange={(selling) => setForm((f) => ({ ...f, ...selling }))} />
      <ProductTexts form={form} setForm={setForm} saving={saving} formErrors={formErrors} />
      {formErrors.length > 0 && (
        <ul className="field-errors">
          {formErrors.map((e, i) => (
            <li key={i} className="field__error">
              {errorText(e)}
            </li>
          ))}
        </ul>
      )}

      <VariantsEditor form={form} setForm={setForm} saving={saving} errors={errors} upload={upload} refuse={refuse} />

      <EditorActions
        editing={selectedId !== null}
        busy={saving}
        createLabel={t('admin.products.create')}
        updateLabel={t('admin.products.update')}
        startNewLabel={t('admin.products.startNew')}
        onStartNew={onStartNew}
      />
    </form>
  );
}

export default function AdminProducts() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const errorText = useErrorText();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [form, setForm] = useState<ProductForm>(emptyForm);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [saving, setSaving] = useState(false);
  const { message, setMessage, fail: handleFailure } = useScreenMessage();
  /** Changed after a save or a delete: the list reads its page again. */
  const [reloadKey, setReloadKey] = useState(0);
  useEditParam((id) =>
    api('GET /admin/products/:id', { params: { id }, lang })
      .then(edit)
      .catch((error: unknown) => handleFailure(error, 'admin.products.loadError')),
  );
  const upload = useUpload(handleFailure);

  const open = (product: AdminProduct | null) => {
    setSelectedId(product?.id ?? null);
    setForm(product ? formFromProduct(product) : emptyForm());
    setErrors([]);
  };
  const startNew = () => open(null);
  const edit = (product: AdminProduct) => {
    open(product);
    setMessage(null);
    document.getElementById('product-form')?.scrollIntoView({ block: 'start' });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateForm(form);
    setErrors(problems);
    if (problems.length) return setMessage({ kind: 'error', text: errorText(problems[0]!) });
    setSaving(true);
    setMessage(null);
    const editing = selectedId !== null;
    try {
      const body = toPayload(form);
      const saved = editing
        ? await api('PUT /admin/products/:id', { params: { id: selectedId }, lang, body })
        : await api('POST /admin/products', { lang, body });
      // §4: the saved product is selected and the form reloaded from the response.
      setSelectedId(saved.id);
      setForm(formFromProduct(saved));
      setMessage({ kind: 'success', text: t(editing ? 'admin.products.updated' : 'admin.products.created') });
      setReloadKey((k) => k + 1);
    } catch (error) {
      handleFailure(error, editing ? 'admin.products.updateError' : 'admin.products.createError');
    } finally {
      setSaving(false);
    }
  }

  async function remove(product: AdminProduct) {
    if (!window.confirm(t('admin.products.confirmDelete', { title: product.title }))) return;
    try {
      await api('DELETE /admin/products/:id', { params: { id: product.id } });
      if (selectedId === product.id) startNew();
      setMessage({ kind: 'success', text: t('admin.products.deleted') });
      setReloadKey((k) => k + 1);
    } catch (error) {
      handleFailure(error, 'admin.products.deleteError');
    }
  }

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminProducts')}</h1>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>

      <ProductEditor
        form={form}
        setForm={setForm}
        saving={saving}
        errors={errors}
        selectedId={selectedId}
        onSubmit={submit}
        onStartNew={startNew}
        upload={upload}
        refuse={(text) => setMessage({ kind: 'error', text })}
      />
      {selectedId !== null && <ProductStock key={selectedId} productId={selectedId} />}

      <ProductList
        selectedId={selectedId}
        reloadKey={reloadKey}
        onEdit={edit}
        onDelete={(product) => void remove(product)}
        onMessage={(text) => setMessage({ kind: 'success', text })}
        onFailure={handleFailure}
      />
    </div>
  );
}
