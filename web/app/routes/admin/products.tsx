import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GALLERY_MAX, LOCALES, missingLocale, missingLocales, translationPairs, type Locale } from '@atelier/contract/pure';
import type { AdminProduct } from '@atelier/contract';
import type { Route } from './+types/products';
import { CardActions, EditorActions } from '../../components/EditorActions.tsx';
import { FormMessage } from '../../components/Field.tsx';
import { MissingBadge, MissingFlag } from '../../components/admin/Bilingual.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
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

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminProducts', noindex: true });

type Message = { kind: 'success' | 'error'; text: string } | null;

/** The languages a saved product still lacks somewhere (its optional mantra; colour names are required). */
export function productMissing(product: AdminProduct): Locale[] {
  return missingLocales([
    ...translationPairs(product.translations, ['title', 'description', 'mantra']),
    ...product.variants.flatMap((v) => translationPairs(v.translations, ['colorName'])),
  ]);
}

/** `list` (the server's data) in the order of `order` (the screen's); products it lacks come last. */
function inOrderOf(list: AdminProduct[], order: AdminProduct[]): AdminProduct[] {
  const rank = new Map(order.map((p, i) => [p.id, i]));
  return [...list].sort((a, b) => (rank.get(a.id) ?? order.length) - (rank.get(b.id) ?? order.length));
}

export default function AdminProducts() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [products, setProducts] = useState<AdminProduct[] | null>(null);
  /** Moves made in this screen: a list asked for before the latest one keeps the screen's order. */
  const orderChanges = useRef(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [form, setForm] = useState<ProductForm>(emptyForm);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [ordering, setOrdering] = useState(false);
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

  const load = useCallback(async () => {
    const since = orderChanges.current;
    try {
      const list = await api('GET /admin/products', { lang });
      // A move made while the list was on its way is newer than the list's order: keep it.
      setProducts((current) => (orderChanges.current === since || !current ? list : inOrderOf(list, current)));
      setLoadError(null);
    } catch (error) {
      if (error instanceof SessionExpiredError) return navigate('/login', { replace: true });
      setLoadError(errorMessage(error, t('admin.products.loadError')));
    }
  }, [api, lang, navigate, t]);

  useEffect(() => {
    void load();
  }, [load]);

  // `?edit=12` (from the activity log) opens that product in the editor once the list is here.
  const editParam = params.get('edit');
  useEffect(() => {
    if (!products || !editParam) return;
    const product = products.find((p) => String(p.id) === editParam);
    if (product) edit(product);
    setParams({}, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [products, editParam]);

  /** Moves a product one place and saves the whole order at once (the server wants every id). */
  async function moveProduct(index: number, delta: -1 | 1) {
    if (!products) return;
    const next = [...products];
    const [moved] = next.splice(index, 1);
    next.splice(index + delta, 0, moved!);
    orderChanges.current += 1;
    setProducts(next);
    setOrdering(true);
    let focusAfter: string | null = null;
    try {
      await api('PUT /admin/products/order', { lang, body: { ids: next.map((p) => p.id) } });
      setMessage({ kind: 'success', text: t('admin.products.orderSaved', { title: moved!.title, position: index + delta + 1 }) });
      focusAfter = `product-${moved!.id}-${index + delta === 0 && delta === -1 ? 'down' : index + delta === next.length - 1 && delta === 1 ? 'up' : delta === -1 ? 'up' : 'down'}`;
    } catch (error) {
      handleFailure(error, 'admin.products.orderError');
      await load();
    } finally {
      setOrdering(false);
      // The buttons are enabled again after this render: the focus follows the moved product then.
      if (focusAfter) {
        const id = focusAfter;
        requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(id)?.focus()));
      }
    }
  }

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

  const setVariant = (index: number, next: VariantForm) =>
    setForm((f) => ({ ...f, variants: f.variants.map((v, i) => (i === index ? next : v)) }));

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
      const saved = editing ? await api('PUT /admin/products/:id', { params: { id: selectedId }, lang, body }) : await api('POST /admin/products', { lang, body });
      // §4: the saved product is selected and the form reloaded from the response.
      setSelectedId(saved.id);
      setForm(formFromProduct(saved));
      setMessage({ kind: 'success', text: t(editing ? 'admin.products.updated' : 'admin.products.created') });
      await load();
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
      await load();
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
        <h2 className="form__title">{selectedId === null ? t('admin.products.createTitle') : t('admin.products.editTitle', { title: form.texts[lang].title || form.texts.fr.title })}</h2>
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
        <button type="button" className="button button--quiet" disabled={saving} onClick={() => setForm((f) => ({ ...f, variants: [...f.variants, emptyVariant()] }))}>
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

      <section className="admin-list" aria-labelledby="product-list-title">
        <h2 id="product-list-title" className="form__title">
          {t('admin.products.list')}
        </h2>
        <p className="field__hint">{t('admin.products.orderHint')}</p>
        {loadError && <FormMessage kind="error">{loadError}</FormMessage>}
        {!products && !loadError && <p role="status">{t('common.loading')}</p>}
        {products && products.length === 0 && <p>{t('admin.products.emptyList')}</p>}
        {products && products.length > 0 && (
          <ul className="admin-cards" aria-busy={ordering}>
            {products.map((product, index) => (
              <li key={product.id} className={`admin-card${product.id === selectedId ? ' admin-card--selected' : ''}`} data-testid="admin-product-card">
                {product.variants[0]?.images[0] && (
                  <div className="thumb thumb--small">
                    <ResponsiveImage url={product.variants[0].images[0]} alt="" sizes="80px" />
                  </div>
                )}
                <div className="admin-card__body">
                  {product.status === 'published' ? <Link to={`/collection/${product.id}`}>{product.title}</Link> : <span className="admin-card__title">{product.title}</span>}
                  <span className="admin-card__meta">
                    {product.status === 'draft' && <span className="badge">{t('admin.products.statuses.draft')}</span>}
                    <MissingBadge locales={productMissing(product)} />
                    {t('admin.products.variantCount', { count: product.variants.length })}
                  </span>
                  <Link className="admin-card__preview" to={`/admin/products/${product.id}/preview`} aria-label={t('admin.products.previewNamed', { title: product.title })}>
                    {t('admin.products.preview')}
                  </Link>
                </div>
                <div className="admin-card__order">
                  <button
                    type="button"
                    id={`product-${product.id}-up`}
                    className="button button--quiet button--small"
                    disabled={ordering || index === 0}
                    aria-label={t('admin.products.moveUp', { title: product.title })}
                    onClick={() => void moveProduct(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    id={`product-${product.id}-down`}
                    className="button button--quiet button--small"
                    disabled={ordering || index === products.length - 1}
                    aria-label={t('admin.products.moveDown', { title: product.title })}
                    onClick={() => void moveProduct(index, 1)}
                  >
                    ↓
                  </button>
                </div>
                <CardActions name={product.title} onEdit={() => edit(product)} onDelete={() => remove(product)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
