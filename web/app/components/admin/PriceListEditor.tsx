// A currency's price list (issue 47): the rate and rounding that derive its prices from the euro ones,
// and each style's own prices where the owner types them.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ForeignCurrency, PriceList, PriceListInput } from '@atelier/contract';
import { formatDay, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { RefusedField as Field, Refusals, useRefusals } from '../../lib/refusals.tsx';
import { FormMessage } from '../Field.tsx';

/** A typed style as the form holds it: its two prices as typed (empty: derived). */
type Typed = Record<number, { price: string; retailPrice: string }>;
const PAGE = 50;
const number = (text: string) => Number(text.trim().replace(',', '.'));

function typedOf(list: PriceList): Typed {
  return Object.fromEntries(list.typed.map((t) => [t.productId, { price: String(t.price), retailPrice: t.retailPrice === null ? '' : String(t.retailPrice) }]));
}

/** The list's form: rate, rounding, a page of styles with their euro price and their price in the currency. */
export function PriceListEditor({ currency }: { currency: ForeignCurrency }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [list, setList] = useState<PriceList | null>(null);
  const [page, setPage] = useState(1);
  const [rate, setRate] = useState('');
  const [rounding, setRounding] = useState('');
  const [typed, setTyped] = useState<Typed>({});
  const [busy, setBusy] = useState(false);
  const refusals = useRefusals('price-list-');
  const show = useCallback((loaded: PriceList) => {
    setList(loaded);
    setRate(loaded.rate === null ? '' : String(loaded.rate));
    setRounding(String(loaded.rounding));
    setTyped(typedOf(loaded));
  }, []);
  useEffect(() => {
    api('GET /admin/price-lists/:currency', { params: { currency }, query: { limit: String(PAGE), page: String(page) }, lang })
      .then(show)
      .catch((e: unknown) => fail(e, 'admin.currencies.loadError'));
  }, [api, currency, page, lang, show, fail]);
  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const body: PriceListInput = {
      rate: rate.trim() === '' ? null : number(rate),
      rounding: rounding.trim() === '' ? 0 : number(rounding),
      prices: Object.entries(typed)
        .filter(([, v]) => v.price.trim() !== '')
        .map(([id, v]) => ({ productId: Number(id), price: number(v.price), retailPrice: v.retailPrice.trim() === '' ? null : number(v.retailPrice) })),
    };
    try {
      await api('PUT /admin/price-lists/:currency', { params: { currency }, body, lang });
      // The page being edited, read again as saved.
      show(await api('GET /admin/price-lists/:currency', { params: { currency }, query: { limit: String(PAGE), page: String(page) }, lang }));
      setMessage({ kind: 'success', text: t('admin.currencies.saved') });
      refusals.clear();
    } catch (e) {
      fail(e, 'admin.currencies.saveError');
      refusals.take(e);
    } finally {
      setBusy(false);
    }
  }
  if (!list) return message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null;
  const c = (key: string, values: Record<string, unknown> = {}) => t(`admin.currencies.${key}`, values);
  return (
    <Refusals value={refusals.value}>
      <form className="form form--wide" onSubmit={save} aria-labelledby="price-list-title" noValidate>
        <h2 id="price-list-title" className="form__title">
          {c('listTitle', { currency: t(`company.terms.currencies.${currency}`) })}
        </h2>
        <Field name="rate" label={c('rate')} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} hint={c('rateHint', { currency })} />
        <Field
          name="rounding"
          label={c('rounding')}
          inputMode="decimal"
          value={rounding}
          onChange={(e) => setRounding(e.target.value)}
          hint={c('roundingHint')}
        />
        <StyleTable list={list} typed={typed} setTyped={setTyped} currency={currency} />
        <p className="pager">
          <button type="button" className="button button--quiet" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('common.list.previous')}
          </button>{' '}
          {c('page', { page, pages: Math.max(1, Math.ceil(list.styles.total / PAGE)) })}{' '}
          <button type="button" className="button button--quiet" disabled={page * PAGE >= list.styles.total} onClick={() => setPage(page + 1)}>
            {t('common.list.next')}
          </button>
        </p>
        <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
        <button type="submit" className="button" disabled={busy}>
          {c('save')}
        </button>
        <p className="field__hint">{list.updatedAt ? c('updated', { date: formatDay(list.updatedAt.slice(0, 10), lang) }) : c('never')}</p>
      </form>
    </Refusals>
  );
}

/** The page's styles: the euro price, the price in the currency (derived or typed), and fields to type one. */
function StyleTable({ list, typed, setTyped, currency }: { list: PriceList; typed: Typed; setTyped: (t: Typed) => void; currency: string }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const c = (key: string) => t(`admin.currencies.${key}`);
  const set = (id: number, key: 'price' | 'retailPrice', value: string) =>
    setTyped({ ...typed, [id]: { price: '', retailPrice: '', ...typed[id], [key]: value } });
  return (
    <div className="table-scroll" role="region" aria-label={c('styles')} tabIndex={0}>
      <table className="order-table" data-testid="price-list">
        <thead>
          <tr>
            <th scope="col">{c('style')}</th>
            <th scope="col" className="num">
              {c('euroPrice')}
            </th>
            <th scope="col" className="num">
              {c('price')}
            </th>
            <th scope="col">{c('typedPrice')}</th>
            <th scope="col">{c('typedRetail')}</th>
          </tr>
        </thead>
        <tbody>
          {list.styles.data.map((s) => (
            <tr key={s.productId} data-testid="price-list-row">
              <th scope="row">
                {s.title} {s.reference && <span className="order-table__ref">{s.reference}</span>}
              </th>
              <td className="num">{formatPrice(s.euroPrice, lang)}</td>
              <td className="num">{s.price === null ? '—' : formatPrice(s.price, lang, currency)}</td>
              <td>
                <input
                  aria-label={`${c('typedPrice')} — ${s.title}`}
                  inputMode="decimal"
                  className="price-input"
                  value={typed[s.productId]?.price ?? ''}
                  onChange={(e) => set(s.productId, 'price', e.target.value)}
                />
              </td>
              <td>
                <input
                  aria-label={`${c('typedRetail')} — ${s.title}`}
                  inputMode="decimal"
                  className="price-input"
                  value={typed[s.productId]?.retailPrice ?? ''}
                  onChange={(e) => set(s.productId, 'retailPrice', e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
