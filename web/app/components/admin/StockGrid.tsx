import { useState, type FormEvent } from 'react';
import { SIZES, formatDay, type Size } from '@atelier/contract/pure';
import type { StockRow } from '@atelier/contract';
import { FormMessage } from '../Field.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';
import { useWaiting } from '../../lib/waiting.ts';
import { Link } from 'react-router';

const key = (variantId: number, size: Size) => `${variantId}:${size}`;

/** The cells the owner changed, as the stock's save takes them (an empty cell: not sold from stock). */
function changedCells(rows: StockRow[], edits: Record<string, string>) {
  return rows.flatMap((row) =>
    row.cells
      .filter((c) => edits[key(row.variantId, c.size)] !== undefined && edits[key(row.variantId, c.size)] !== (c.onHand === null ? '' : String(c.onHand)))
      .map((c) => {
        const value = edits[key(row.variantId, c.size)]!;
        return { variantId: row.variantId, size: c.size, onHand: value === '' ? null : Number(value) };
      }),
  );
}

/** The rows by style, in their order. */
function byStyle(rows: StockRow[]) {
  const styles = new Map<number, { title: string; reference: string | null; rows: StockRow[] }>();
  for (const row of rows) {
    const style = styles.get(row.productId) ?? { title: row.title, reference: row.reference, rows: [] };
    style.rows.push(row);
    styles.set(row.productId, style);
  }
  return styles;
}

/** One colour and size: the pieces on hand (empty: not sold from stock), with what is reserved, available and incoming under it. */
function StockCell({
  row,
  size,
  title,
  value,
  saving,
  onEdit,
  waiting = 0,
}: {
  row: StockRow;
  size: Size;
  title: string;
  value: string;
  saving: boolean;
  onEdit: (value: string) => void;
  /** Shops waiting for this size (issue 58). */
  waiting?: number;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const cell = row.cells.find((c) => c.size === size);
  if (!cell) return <td />;
  const sizeName = size === 'ONESIZE' ? t('order.oneSize') : size;
  const factsId = `stock-${row.variantId}-${size}`;
  // A size not sold from stock, with nothing reserved or coming, needs no figures.
  const facts = cell.onHand !== null || cell.reserved > 0 || cell.incoming.length > 0;
  return (
    <td className="stock-cell">
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={7}
        aria-label={t('admin.stock.cellLabel', { what: `${title}, ${row.colorName}`, size: sizeName })}
        aria-describedby={facts ? factsId : undefined}
        value={value}
        disabled={saving}
        onChange={(e) => onEdit(e.target.value.trim())}
      />
      {facts && (
        <span id={factsId} className="stock-cell__facts" data-testid="stock-facts">
          {t('admin.stock.reserved')} {cell.reserved} · {t('admin.stock.available')} {cell.available ?? '—'}
          {cell.incoming.map((i) => (
            <span key={i.availableFrom} className="stock-cell__incoming">
              {' '}
              · {t('admin.stock.incoming')} {t('admin.stock.incomingValue', { quantity: i.quantity, date: formatDay(i.availableFrom, lang) })}
            </span>
          ))}
        </span>
      )}
      {cell.gtin && (
        <span className="stock-cell__gtin" data-testid="stock-gtin">
          EAN {cell.gtin}
        </span>
      )}
      {waiting > 0 && (
        <Link className="stock-cell__waiting" to={`/admin/waitlists?variant=${row.variantId}`} data-testid="stock-waiting">
          {t('admin.waitlists.waiting', { count: waiting })}
        </Link>
      )}
    </td>
  );
}

/**
 * Stock grids, one table per style: colours as rows, sizes as columns; each cell the pieces on
 * hand (empty: not sold from stock) with what is reserved, available and incoming under it.
 * "Save" sends only the cells that changed, in one transaction.
 */
export function StockGrid({ rows, onSaved, headingLevel = 2 }: { rows: StockRow[]; onSaved: () => void; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const Heading = `h${headingLevel}` as const;
  const waiting = useWaiting(rows);

  const styles = byStyle(rows);
  const cellValue = (row: StockRow, size: Size) => {
    const edited = edits[key(row.variantId, size)];
    if (edited !== undefined) return edited;
    const onHand = row.cells.find((c) => c.size === size)?.onHand;
    return onHand === null || onHand === undefined ? '' : String(onHand);
  };
  const invalid = Object.values(edits).some((v) => v !== '' && !/^\d{1,7}$/.test(v));

  async function save(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (invalid) return setMessage({ kind: 'error', text: t('admin.stock.invalid') });
    const items = changedCells(rows, edits);
    if (items.length === 0) return setMessage({ kind: 'success', text: t('admin.stock.nothing') });
    setSaving(true);
    try {
      const { changed } = await api('PUT /admin/stock', { lang, body: { items } });
      setEdits({});
      onSaved();
      setMessage({ kind: 'success', text: t('admin.stock.saved', { count: changed }) });
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error, t('admin.stock.saveError')) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="stock-grid" onSubmit={save} noValidate aria-busy={saving} data-testid="stock-grid">
      {[...styles.entries()].map(([productId, style]) => {
        const sizes = SIZES.filter((size) => style.rows.some((r) => r.cells.some((c) => c.size === size)));
        const titleId = `stock-style-${productId}`;
        return (
          <section key={productId} className="stock-style" data-testid="stock-style">
            <Heading id={titleId} className="stock-style__title">
              {style.title} {style.reference && <span className="order-table__ref">{style.reference}</span>}
            </Heading>
            <div className="table-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
              <table className="order-table stock-table">
                <thead>
                  <tr>
                    <th scope="col">{t('order.colour')}</th>
                    {sizes.map((size) => (
                      <th key={size} scope="col" className="num">
                        {size === 'ONESIZE' ? t('order.oneSize') : size}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {style.rows.map((row) => (
                    <tr key={row.variantId}>
                      <th scope="row">
                        <span className="swatch" style={{ background: row.colorCode ?? 'transparent' }} aria-hidden="true" /> {row.colorName}
                      </th>
                      {sizes.map((size) => (
                        <StockCell
                          key={size}
                          row={row}
                          size={size}
                          title={style.title}
                          value={cellValue(row, size)}
                          saving={saving}
                          waiting={waiting.get(key(row.variantId, size))}
                          onEdit={(value) => setEdits((x) => ({ ...x, [key(row.variantId, size)]: value }))}
                        />
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      <div className="order-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? t('admin.stock.saving') : t('admin.stock.save')}
        </button>
      </div>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
    </form>
  );
}
