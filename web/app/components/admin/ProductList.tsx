import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LIST_LIMIT_DEFAULT, missingLocales, translationPairs, type Locale } from '@atelier/contract/pure';
import type { AdminProduct } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { CardActions } from '../EditorActions.tsx';
import { FormMessage } from '../Field.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../ListNav.tsx';
import { MissingBadge } from './Bilingual.tsx';
import { ResponsiveImage } from '../ResponsiveImage.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';

type CardProps = {
  product: AdminProduct;
  selected: boolean;
  /** Its place's buttons, on the unfiltered list only: disabled while a move is saved, or at either end of the collection. */
  order: { busy: boolean; first: boolean; last: boolean } | null;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One product: its first picture, title (a link once published), reference, status, missing translations, preview, its place (up, down) and its edit and delete. */
function ProductCard({ product, selected, order, onMove, onEdit, onDelete }: CardProps) {
  const { t } = useTranslation();
  return (
    <li className={`admin-card${selected ? ' admin-card--selected' : ''}`} data-testid="admin-product-card">
      {product.variants[0]?.images[0] && (
        <div className="thumb thumb--small">
          <ResponsiveImage url={product.variants[0].images[0]} alt="" sizes="80px" />
        </div>
      )}
      <div className="admin-card__body">
        {product.status === 'published' ? (
          <Link to={`/collection/${product.id}`}>{product.title}</Link>
        ) : (
          <span className="admin-card__title">{product.title}</span>
        )}
        <span className="admin-card__meta">
          {product.reference && <span className="admin-card__reference">{product.reference} · </span>}
          {product.status === 'draft' && <span className="badge">{t('admin.products.statuses.draft')}</span>}
          <MissingBadge locales={productMissing(product)} />
          {t('admin.products.variantCount', { count: product.variants.length })}
        </span>
        <Link
          className="admin-card__preview"
          to={`/admin/products/${product.id}/preview`}
          aria-label={t('admin.products.previewNamed', { title: product.title })}
        >
          {t('admin.products.preview')}
        </Link>
      </div>
      {order && (
        <div className="admin-card__order">
          <button
            type="button"
            id={`product-${product.id}-up`}
            className="button button--quiet button--small"
            disabled={order.busy || order.first}
            aria-label={t('admin.products.moveUp', { title: product.title })}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            id={`product-${product.id}-down`}
            className="button button--quiet button--small"
            disabled={order.busy || order.last}
            aria-label={t('admin.products.moveDown', { title: product.title })}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
        </div>
      )}
      <CardActions name={product.title} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}

/** The languages a saved product still lacks somewhere (its optional mantra; colour names are required). */
export function productMissing(product: AdminProduct): Locale[] {
  return missingLocales([
    ...translationPairs(product.translations, ['title', 'description', 'mantra']),
    ...product.variants.flatMap((v) => translationPairs(v.translations, ['colorName'])),
  ]);
}

const STATUSES = ['published', 'draft'] as const;

/** The list's search (reference or title), its status filter and its count. */
function ProductTools({ q, status, set, total }: { q: string; status: string; set: (patch: { q?: string; status?: string }) => void; total: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="list-tools">
      <ListSearch id="products-search" label={t('admin.products.search')} value={q} onSearch={(text) => set({ q: text })} />
      <div className="field">
        <label htmlFor="products-status">{t('admin.products.status')}</label>
        <select id="products-status" value={status} onChange={(e) => set({ status: e.target.value })}>
          <option value="">{t('admin.products.allStatuses')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.products.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <ListCount total={total} label={(count) => t('admin.products.count', { count })} />
    </div>
  );
}

type ListProps = {
  selectedId: number | null;
  reloadKey: number;
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
  onMessage: (text: string) => void;
  onFailure: (error: unknown, fallbackKey: string) => void;
};

/**
 * The owner's products (issue 43), a page at a time in the collection's order, found by reference or
 * title in either language, drafts or published ones; the search, the status and the page live in the
 * address. The arrows move a product one place in the whole collection (the server keeps the order), so
 * they are offered on the unfiltered list only. `reloadKey` changes after a save or a delete.
 */
export function ProductList({ selectedId, reloadKey, onEdit, onDelete, onMessage, onFailure }: ListProps) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { values, page, set } = useListParams(['status'] as const);
  const { q, status } = values;
  const [products, setProducts] = useState<AdminProduct[] | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ordering, setOrdering] = useState(false);
  const asked = useRef(0);

  const load = useCallback(async () => {
    const ask = ++asked.current;
    let count: number | null = null;
    try {
      const query = {
        q: q || undefined,
        status: (STATUSES as readonly string[]).includes(status) ? (status as (typeof STATUSES)[number]) : undefined,
        page: page > 1 ? String(page) : undefined,
      };
      const list = await api('GET /admin/products', { lang, query, onTotal: (n) => (count = n) });
      if (ask !== asked.current) return; // a newer list was asked for meanwhile
      setProducts(list);
      setTotal(count ?? list.length);
      setLoadError(null);
    } catch (error) {
      if (ask !== asked.current) return;
      if (error instanceof SessionExpiredError) onFailure(error, 'admin.products.loadError');
      else setLoadError(errorMessage(error, t('admin.products.loadError')));
    }
  }, [api, lang, q, status, page, t, onFailure]);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  const first = (page - 1) * LIST_LIMIT_DEFAULT;
  const movable = !q && !status;

  /** One place up or down in the whole collection; the page is read again (a product may cross to the next page). */
  async function move(product: AdminProduct, index: number, by: -1 | 1) {
    setOrdering(true);
    let focusAfter: string | null = null;
    try {
      await api('POST /admin/products/:id/move', { params: { id: product.id }, body: { by } });
      const position = first + index + by + 1;
      onMessage(t('admin.products.orderSaved', { title: product.title, position }));
      const stays = index + by >= 0 && index + by < (products?.length ?? 0);
      focusAfter = stays ? `product-${product.id}-${by === -1 ? (position === 1 ? 'down' : 'up') : position === total ? 'up' : 'down'}` : 'product-list-title';
      await load();
    } catch (error) {
      onFailure(error, 'admin.products.orderError');
    } finally {
      setOrdering(false);
      // The buttons are enabled again after this render: the focus follows the moved product then.
      if (focusAfter) {
        const id = focusAfter;
        requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(id)?.focus()));
      }
    }
  }

  return (
    <section className="admin-list" aria-labelledby="product-list-title">
      <h2 id="product-list-title" className="form__title" tabIndex={-1}>
        {t('admin.products.list')}
      </h2>
      <p className="field__hint">{t('admin.products.orderHint')}</p>
      <ProductTools q={q} status={status} set={set} total={total} />
      {loadError && <FormMessage kind="error">{loadError}</FormMessage>}
      {!products && !loadError && <p role="status">{t('common.loading')}</p>}
      {products && products.length === 0 && <p>{q || status ? t('admin.products.noMatch') : t('admin.products.emptyList')}</p>}
      {products && products.length > 0 && (
        <ul className="admin-cards" aria-busy={ordering}>
          {products.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              selected={product.id === selectedId}
              order={movable ? { busy: ordering, first: first + index === 0, last: first + index === (total ?? 0) - 1 } : null}
              onMove={(by) => void move(product, index, by)}
              onEdit={() => onEdit(product)}
              onDelete={() => onDelete(product)}
            />
          ))}
        </ul>
      )}
      {total !== null && <Pager page={page} total={total} limit={LIST_LIMIT_DEFAULT} label={t('admin.products.pages')} />}
    </section>
  );
}
