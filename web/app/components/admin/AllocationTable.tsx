import type { AllocationProposal, AllocationSize } from '@atelier/contract';
import { formatDay } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';

/** The owner's cells: what each line gets, by line id, as she typed it ('' while she types). */
export type Cells = Record<number, string>;

/** What a piece's lines get once her cells are read (a cell left empty counts 0). */
export const givenOf = (size: AllocationSize, cells: Cells) => size.lines.reduce((sum, l) => sum + Number(cells[l.lineId] ?? l.gets), 0);

/** One piece: the shelf against what is asked, and per order the line's cell. Short pieces open by default. */
function PieceAllocation({
  size,
  cells,
  setCell,
  busy,
}: {
  size: AllocationSize;
  cells: Cells;
  setCell: (lineId: number, value: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const given = givenOf(size, cells);
  const over = given > size.shelf;
  const piece = `${size.reference ? `${size.reference} · ` : ''}${size.productTitle} — ${size.colorName}, ${size.size}`;
  return (
    <details className="allocation__piece" open={size.short > 0} data-testid="allocation-piece">
      <summary>
        <span className="allocation__name">{piece}</span>{' '}
        <span className={over ? 'allocation__figures allocation__figures--over' : 'allocation__figures'}>
          {t('admin.allocation.figures', { shelf: size.shelf, asked: size.asked, given, short: Math.max(0, size.asked - given) })}
        </span>
      </summary>
      {over && (
        <p className="field__error" role="alert">
          {t('admin.allocation.over', { count: given - size.shelf })}
        </p>
      )}
      <div className="table-scroll" role="region" aria-label={piece} tabIndex={0}>
        <table className="order-table allocation__table">
          <thead>
            <tr>
              <th scope="col">{t('admin.allocation.order')}</th>
              <th scope="col" className="num">
                {t('admin.allocation.asked')}
              </th>
              <th scope="col" className="num">
                {t('admin.allocation.gets')}
              </th>
            </tr>
          </thead>
          <tbody>
            {size.lines.map((l) => (
              <tr key={l.lineId}>
                <td>
                  <span className="allocation__shop">{l.company.name}</span>{' '}
                  <span className="allocation__meta">
                    {l.orderNumber} · {formatDay(l.sentAt.slice(0, 10), lang)} · {t('admin.allocation.priorityOf', { priority: l.priority })}
                  </span>
                </td>
                <td className="num">{l.asked}</td>
                <td className="num">
                  <input
                    className="proposal__quantity"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.asked}
                    step={l.step}
                    aria-label={t('admin.allocation.getsOf', { order: l.orderNumber, piece })}
                    value={cells[l.lineId] ?? String(l.gets)}
                    disabled={busy}
                    onChange={(e) => setCell(l.lineId, e.target.value.replace(/[^\d]/g, '').slice(0, 3))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The proposal's pieces, each with its lines' cells. */
export function AllocationTable({
  proposal,
  cells,
  setCell,
  busy,
}: {
  proposal: AllocationProposal;
  cells: Cells;
  setCell: (lineId: number, value: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  if (proposal.sizes.length === 0) return <p>{t('admin.allocation.none')}</p>;
  return (
    <div className="allocation" data-testid="allocation">
      <p>{t('admin.allocation.summary', { orders: proposal.orders, asked: proposal.asked, shelf: proposal.shelf, gets: proposal.gets })}</p>
      {proposal.sizes.map((size) => (
        <PieceAllocation key={`${size.variantId}-${size.size}`} size={size} cells={cells} setCell={setCell} busy={busy} />
      ))}
    </div>
  );
}
