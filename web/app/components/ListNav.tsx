import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';

/**
 * A list's place in the address (issue 43): its filters, its search (`q`) and its page live in the query
 * string, so the back button and a shared link give the same list. `set` writes a change as a new entry
 * of the history; any change but the page's own goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K | 'q', string>;
  values.q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const set = useCallback(
    (patch: Partial<Record<K | 'q' | 'page', string>>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch) as Array<[string, string | undefined]>) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  return { values, page, set };
}

/** The search box of a list: submitted with Enter or its button; the address keeps what was searched. */
export function ListSearch({ id, label, value, onSearch }: { id: string; label: string; value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="list-search" onSubmit={submit} aria-label={label}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} autoComplete="off" />
      </div>
      <button type="submit" className="button button--quiet">
        {t('common.list.search')}
      </button>
    </form>
  );
}

/** How many rows the filters keep, said to screen readers when it changes. */
export function ListCount({ total, label }: { total: number | null; label: (count: number) => string }) {
  return (
    <p className="list-count" role="status" aria-live="polite">
      {total === null ? '' : label(total)}
    </p>
  );
}

/** Previous and next pages as real links (the address is the list's state), with where this page stands. */
export function Pager({ page, total, limit, label }: { page: number; total: number; limit: number; label: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    if (n <= 1) next.delete('page');
    else next.set('page', String(n));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link to={to(Math.min(page - 1, pages))} rel="prev" className="pager__link">
          {t('common.list.previous')}
        </Link>
      ) : (
        <span className="pager__link pager__link--off" aria-hidden="true">
          {t('common.list.previous')}
        </span>
      )}
      <span className="pager__where" aria-current="page">
        {t('common.list.pageOf', { page, pages })}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} rel="next" className="pager__link">
          {t('common.list.next')}
        </Link>
      ) : (
        <span className="pager__link pager__link--off" aria-hidden="true">
          {t('common.list.next')}
        </span>
      )}
    </nav>
  );
}
