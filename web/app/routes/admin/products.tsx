import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { GALLERY_MAX, LOCALES, missingLocale, type Locale } from '@atelier/contract/pure';
import type { AdminProduct } from '@atelier/contract';
import type { Route } from './+types/products';
import { EditorActions } from '../../components/EditorActions.tsx';
import { FormMessage } from '../../components/Field.tsx';
import { MissingFlag } from '../../components/admin/Bilingual.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
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

type Message = { kind: 'success' | 'error'; text: string } | null;

export default function AdminProducts() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [form, setForm] = useState<ProductForm>(emptyForm);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  /** Changed after a save or a delete: the list reads its page again. */
  const [reloadKey, setReloadKey] = useState(0);
  const [params, setParams] = useSearchParams();

  const handleFailure = useCallback(
    (error: unknown, fallbackKey: string) => {
      if (error instanceof SessionExpiredError) {
        navigate('/login', { replace: true });
        return;
      }
      setMessage({ kind: 'error', text: errorMessage(error, t(fallbackKey)) });
    },
    [navigate, t],
  );

  // `?edit=12` (from the activity log, the preview) opens that product in the editor, wherever it is in the list.
  const editParam = params.get('edit');
  useEffect(() => {
    if (!editParam || !/^\d+$/.test(editParam)) return;
    // The address loses `edit` at once (a reload keeps the list); the product opens when it arrives.
    api('GET /admin/products/:id', { params: { id: Number(editParam) }, lang })
      .then(edit)
      .catch((error: unknown) => handleFailure(error, 'admin.products.loadError'));
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

  const startNew = () => {
    setSelectedId(null);
    setForm(emptyForm());
    setErrors([]);
  };

  const edit = (product: AdminProduct) => {
    setSelectedId(product.id);
    setForm(formFromProduct(product));
    setErrors([]);
    setMessage(null);
    document.getElementById('product-form')?.scrollIntoView({ block: 'start' });
  };

  const upload = async (files: File[], onProgress: (f: number) => void) => {
    const urls: string[] = [];
    for (const [i, file] of files.entries()) {
      try {
        urls.push(await uploadImage('POST /admin/uploads', file, token, (f) => onProgress((i + f) / files.length)));
      } catch (error) {
        handleFailure(error, 'admin.products.uploadError');
        break;
      }
    }
    return urls;
  };

  const setVariant = (index: number, next: VariantForm) => setForm((f) => ({ ...f, variants: f.variants.map((v, i) => (i === index ? next : v)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateForm(form);
    setErrors(problems);
    if (problems.length) {
      setMessage({ kind: 'error', text: errorText(problems[0]!) });
      return;
    }
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

  const formErrors = errors.filter((e) => !('variant' in e));
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminProducts')}</h1>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>

      <form id="product-form" className="product-form" onSubmit={submit} noValidate aria-busy={saving}>
        <h2 className="form__title">
          {selectedId === null ? t('admin.products.createTitle') : t('admin.products.editTitle', { title: form.texts[lang].title || form.texts.fr.title })}
        </h2>
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
        <ProductSeasons value={form.seasonIds} disabled={saving} onChange={(seasonIds) => setForm((f) => ({ ...f, seasonIds }))} />
        <ProductSelling form={form} disabled={saving} onChange={(selling) => setForm((f) => ({ ...f, ...selling }))} />
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
        {formErrors.length > 0 && (
          <ul className="field-errors">
            {formErrors.map((e, i) => (
              <li key={i} className="field__error">
                {errorText(e)}
              </li>
            ))}
          </ul>
        )}

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
                setMessage({ kind: 'error', text: t('admin.products.errors.variantMinError') });
                return;
              }
              setForm((f) => ({ ...f, variants: f.variants.filter((_, i) => i !== index) }));
            }}
            onUpload={upload}
            onGalleryRefused={(count) => setMessage({ kind: 'error', text: t('admin.products.errors.galleryLimit', { max: GALLERY_MAX, count }) })}
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

        <EditorActions
          editing={selectedId !== null}
          busy={saving}
          createLabel={t('admin.products.create')}
          updateLabel={t('admin.products.update')}
          startNewLabel={t('admin.products.startNew')}
          onStartNew={startNew}
        />
      </form>
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
