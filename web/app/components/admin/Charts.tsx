import { useId, type ReactNode } from 'react';
import { scaleBand, scaleLinear } from 'd3-scale';
import { area, curveMonotoneX } from 'd3-shape';

/** A column of a chart's table: its header and how a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/** The figures of a chart as a table (for screen readers and for copying). */
function FigureTable<T>({ rows, columns, label }: { rows: T[]; columns: Column<T>[]; label: string }) {
  return (
    <div className="table-scroll" role="region" tabIndex={0} aria-label={label}>
      <table className="chart-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c, j) =>
                j === 0 ? (
                  <th key={c.header} scope="row">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={c.numeric ? 'num' : undefined}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const WIDTH = 320;
const BAR = 18;
const GAP = 6;
const LABEL = 112;

/**
 * Horizontal bars (d3 scales, drawn by React as SVG), the figures in a table under them. The SVG
 * is decorative for assistive technology: the table says the same.
 */
export function BarChart<T>({
  title,
  rows,
  value,
  label,
  display,
  color,
  columns,
  empty,
}: {
  title: string;
  rows: T[];
  value: (row: T) => number;
  label: (row: T) => string;
  display: (row: T) => string;
  color?: (row: T) => string | null;
  columns: Column<T>[];
  empty: string;
}) {
  const id = useId();
  const max = Math.max(1, ...rows.map(value));
  const x = scaleLinear()
    .domain([0, max])
    .range([0, WIDTH - LABEL - 56]);
  const y = scaleBand<number>()
    .domain(rows.map((_, i) => i))
    .range([0, rows.length * (BAR + GAP)])
    .paddingInner(GAP / (BAR + GAP));
  const height = rows.length * (BAR + GAP);
  return (
    <figure className="chart" aria-labelledby={id}>
      <figcaption id={id}>{title}</figcaption>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <svg className="chart__svg" viewBox={`0 0 ${WIDTH} ${height}`} width="100%" aria-hidden="true" focusable="false">
            {rows.map((row, i) => (
              <g key={i} transform={`translate(0, ${y(i)})`}>
                <text className="chart__label" x={LABEL - 6} y={BAR / 2} dominantBaseline="central" textAnchor="end">
                  {label(row).length > 18 ? `${label(row).slice(0, 17)}…` : label(row)}
                </text>
                <rect
                  className="chart__bar"
                  x={LABEL}
                  width={Math.max(1, x(value(row)))}
                  height={y.bandwidth()}
                  style={color?.(row) ? { fill: color(row)! } : undefined}
                />
                <text className="chart__value" x={LABEL + x(value(row)) + 4} y={BAR / 2} dominantBaseline="central">
                  {display(row)}
                </text>
              </g>
            ))}
          </svg>
          <FigureTable rows={rows} columns={columns} label={title} />
        </>
      )}
    </figure>
  );
}

/** Pieces per week across the order window: an area (d3-shape) over week bands, the table under it. */
export function WeekChart<T>({
  title,
  rows,
  value,
  columns,
  tick,
}: {
  title: string;
  rows: T[];
  value: (row: T) => number;
  columns: Column<T>[];
  tick: (row: T) => string;
}) {
  const id = useId();
  const height = 140;
  const bottom = 18;
  const max = Math.max(1, ...rows.map(value));
  const x = scaleBand<number>()
    .domain(rows.map((_, i) => i))
    .range([0, WIDTH])
    .paddingInner(0.15);
  const y = scaleLinear()
    .domain([0, max])
    .range([height - bottom, 8])
    .nice();
  const shape = area<T>()
    .x((_, i) => x(i)! + x.bandwidth() / 2)
    .y0(height - bottom)
    .y1((row) => y(value(row)))
    .curve(curveMonotoneX);
  const every = Math.max(1, Math.ceil(rows.length / 6));
  return (
    <figure className="chart" aria-labelledby={id}>
      <figcaption id={id}>{title}</figcaption>
      <svg className="chart__svg" viewBox={`0 0 ${WIDTH} ${height}`} width="100%" aria-hidden="true" focusable="false">
        <path className="chart__area" d={shape(rows) ?? ''} />
        {rows.map((row, i) => (
          <rect key={i} className="chart__bar chart__bar--thin" x={x(i)} y={y(value(row))} width={x.bandwidth()} height={height - bottom - y(value(row))} />
        ))}
        <line className="chart__axis" x1={0} x2={WIDTH} y1={height - bottom} y2={height - bottom} />
        {rows.map((row, i) =>
          i % every === 0 ? (
            <text key={i} className="chart__tick" x={x(i)! + x.bandwidth() / 2} y={height - 4} textAnchor="middle">
              {tick(row)}
            </text>
          ) : null,
        )}
        <text className="chart__tick" x={2} y={10}>
          {max}
        </text>
      </svg>
      <FigureTable rows={rows} columns={columns} label={title} />
    </figure>
  );
}
