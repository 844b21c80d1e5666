import type { CutSheet, Size } from '@atelier/contract';
import { formatPercent } from '@atelier/contract/pure';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';

export const sizeLabel = (size: Size, t: TFunction) => (size === 'ONESIZE' ? t('admin.products.oneSize') : size);

type Counts = CutSheet['sizeTotals'];

/** The column headers: the first column's, each size, the total. */
export function SizeHeader({ sizes, first }: { sizes: Size[]; first: string }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {sizes.map((s) => (
          <th key={s} scope="col" className="num">
            {sizeLabel(s, t)}
          </th>
        ))}
        <th scope="col" className="num">
          {t('admin.production.total')}
        </th>
      </tr>
    </thead>
  );
}

/** The pieces per size with their total, then each size's share (the size curve). */
export function TotalRows({ sizes, counts, total, curve }: { sizes: Size[]; counts: Counts; total: number; curve: Counts }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <>
      <tr className="cut-table__total">
        <th scope="row">{t('admin.production.total')}</th>
        {sizes.map((s) => (
          <td key={s} className="num">
            {counts[s] ?? ''}
          </td>
        ))}
        <td className="num">
          <strong>{total}</strong>
        </td>
      </tr>
      <tr>
        <th scope="row">{t('admin.production.sizeCurve')}</th>
        {sizes.map((s) => (
          <td key={s} className="num">
            {counts[s] ? formatPercent(curve[s] ?? 0, lang) : ''}
          </td>
        ))}
        <td />
      </tr>
    </>
  );
}

/** One style of the cut sheet: colours as rows, sizes as columns, totals, its size curve and the stock beside it. */
export function CutSheetTable({ style, sizes }: { style: CutSheet['styles'][number]; sizes: Size[] }) {
  const { t } = useTranslation();
  const hasStock = style.colors.some((c) => Object.keys(c.stock).length > 0);
  return (
    <section className="cut-style" aria-label={style.title} data-testid="cut-style">
      <h2>
        {style.title} {style.reference && <span className="cut-style__ref">{style.reference}</span>}
      </h2>
      <div className="table-scroll" role="region" tabIndex={0} aria-label={t('admin.production.tableCaption', { style: style.title })}>
        <table className="cut-table">
          <caption className="visually-hidden">{t('admin.production.tableCaption', { style: style.title })}</caption>
          <SizeHeader sizes={sizes} first={t('admin.production.colour')} />
          <tbody>
            {style.colors.map((c) => (
              <tr key={`${c.variantId}-${c.colorName}`}>
                <th scope="row">
                  <span className="swatch-dot" style={{ background: c.colorCode ?? 'transparent' }} aria-hidden="true" /> {c.colorName}
                </th>
                {sizes.map((s) => (
                  <td key={s} className="num">
                    {c.sizes[s] ?? ''}
                  </td>
                ))}
                <td className="num">{c.total}</td>
              </tr>
            ))}
            <TotalRows sizes={sizes} counts={style.sizes} total={style.total} curve={style.sizeCurve} />
            {hasStock &&
              style.colors.map((c) =>
                Object.keys(c.stock).length ? (
                  <tr key={`stock-${c.variantId}`} className="cut-table__stock">
                    <th scope="row">
                      {c.colorName} · {t('admin.production.stock')}
                    </th>
                    {sizes.map((s) => {
                      const cell = c.stock[s];
                      return (
                        <td key={s} className="num">
                          {cell ? t('admin.production.stockCell', { onHand: cell.onHand, reserved: cell.reserved, available: cell.available ?? '' }) : ''}
                        </td>
                      );
                    })}
                    <td />
                  </tr>
                ) : null,
              )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
