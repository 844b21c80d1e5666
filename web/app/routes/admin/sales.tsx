import { useEffect, useState } from 'react';
import type { AdminSeason, SalesFigures } from '@atelier/contract';
import { formatCount, formatDay, formatPercent, formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/sales';
import { FormMessage } from '../../components/Field.tsx';
import { BarChart, WeekChart } from '../../components/admin/Charts.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { seasonLabel } from '../../lib/season-label.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminSales', noindex: true });

type Named = SalesFigures['byCountry'][number];

/** The screen's words and numbers in the reader's language, and the columns of a revenue table. */
function useFormats() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const money = (n: number) => formatPrice(n, lang);
  const number = (n: number) => formatCount(n, lang);
  const percent = (n: number) => formatPercent(n, lang);
  const s = (key: string) => t(`admin.sales.${key}`);
  const revenueColumns = (first: string) => [
    { header: first, cell: (r: Named) => r.label },
    { header: s('pieces'), cell: (r: Named) => number(r.pieces), numeric: true },
    { header: s('revenue'), cell: (r: Named) => money(r.revenue), numeric: true },
  ];
  return { t, lang, s, money, number, percent, revenueColumns };
}

/** The season's totals, each with the previous season's beside it. */
function SalesTotals({ figures }: { figures: SalesFigures }) {
  const { t, s, money, number } = useFormats();
  return (
    <dl className="kpis" data-testid="sales-totals">
      {(['orders', 'stockists', 'newStockists', 'returningStockists', 'pieces', 'revenue', 'shipped', 'returned'] as const).map((key) => {
        const f = figures.totals[key];
        const show = key === 'revenue' ? money : number;
        return (
          <div key={key} className="kpi">
            <dt>{s(key)}</dt>
            <dd>
              <strong>{show(f.value)}</strong>
              {f.previous !== null && <span className="kpi__was">{t('admin.sales.was', { value: show(f.previous) })}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Where the season sold: by stockist, by country and by town. */
function WhereCharts({ figures }: { figures: SalesFigures }) {
  const { s, money, number, revenueColumns } = useFormats();
  return (
    <>
      <BarChart
        title={s('byStockist')}
        rows={figures.byStockist}
        value={(r) => r.revenue}
        label={(r) => r.label}
        display={(r) => money(r.revenue)}
        empty={s('none')}
        columns={[...revenueColumns(s('stockist')), { header: s('orders'), cell: (r) => number(r.orders), numeric: true }]}
      />
      <BarChart
        title={s('byCountry')}
        rows={figures.byCountry}
        value={(r) => r.revenue}
        label={(r) => r.label}
        display={(r) => money(r.revenue)}
        empty={s('none')}
        columns={revenueColumns(s('country'))}
      />
      <BarChart
        title={s('byTown')}
        rows={figures.byTown}
        value={(r) => r.revenue}
        label={(r) => r.label}
        display={(r) => money(r.revenue)}
        empty={s('none')}
        columns={[...revenueColumns(s('town')), { header: s('country'), cell: (r) => r.country }]}
      />
    </>
  );
}

/** A chart for each figure, with its table: weeks, styles, colours, sizes, stockists, countries, towns, sell-through. */
function SalesCharts({ figures }: { figures: SalesFigures }) {
  const { lang, s, money, number, percent, revenueColumns } = useFormats();
  return (
    <div className="charts">
      <WeekChart
        title={s('weeks')}
        rows={figures.weeks}
        value={(w) => w.pieces}
        tick={(w) => formatDay(w.week, lang).replace(/ \d{4}$/, '')}
        columns={[
          { header: s('week'), cell: (w) => formatDay(w.week, lang) },
          { header: s('pieces'), cell: (w) => number(w.pieces), numeric: true },
          { header: s('revenue'), cell: (w) => money(w.revenue), numeric: true },
        ]}
      />
      <BarChart
        title={s('topStyles')}
        rows={figures.topStyles}
        value={(r) => r.pieces}
        label={(r) => r.label}
        display={(r) => number(r.pieces)}
        empty={s('none')}
        columns={[
          { header: s('style'), cell: (r) => (r.reference ? `${r.label} (${r.reference})` : r.label) },
          { header: s('pieces'), cell: (r) => number(r.pieces), numeric: true },
          { header: s('revenue'), cell: (r) => money(r.revenue), numeric: true },
        ]}
      />
      <BarChart
        title={s('topColors')}
        rows={figures.topColors}
        value={(r) => r.pieces}
        label={(r) => r.label}
        display={(r) => number(r.pieces)}
        color={(r) => r.colorCode}
        empty={s('none')}
        columns={revenueColumns(s('colour'))}
      />
      <BarChart
        title={s('sizes')}
        rows={figures.sizes}
        value={(r) => r.pieces}
        label={(r) => r.size}
        display={(r) => percent(r.share)}
        empty={s('none')}
        columns={[
          { header: s('size'), cell: (r) => r.size },
          { header: s('pieces'), cell: (r) => number(r.pieces), numeric: true },
          { header: s('share'), cell: (r) => percent(r.share), numeric: true },
        ]}
      />
      <WhereCharts figures={figures} />
      <BarChart
        title={`${s('sellThrough')} · ${s('sellThroughHint')}`}
        rows={figures.sellThrough}
        value={(r) => r.rate}
        label={(r) => r.label}
        display={(r) => percent(r.rate)}
        empty={s('none')}
        columns={[
          { header: s('style'), cell: (r) => (r.reference ? `${r.label} (${r.reference})` : r.label) },
          { header: s('sold'), cell: (r) => number(r.sold), numeric: true },
          { header: s('left'), cell: (r) => number(r.left), numeric: true },
          { header: s('rate'), cell: (r) => percent(r.rate), numeric: true },
        ]}
      />
      <BarChart
        title={`${s('shortfall')} · ${s('shortfallHint')}`}
        rows={figures.shortfall ?? []}
        value={(r) => r.short}
        label={(r) => r.label}
        display={(r) => number(r.short)}
        empty={s('none')}
        columns={[
          { header: s('style'), cell: (r) => (r.reference ? `${r.label} (${r.reference})` : r.label) },
          { header: s('allocated'), cell: (r) => number(r.allocated), numeric: true },
          { header: s('short'), cell: (r) => number(r.short), numeric: true },
          { header: s('offersOrdered'), cell: (r) => number(r.offersOrdered), numeric: true },
        ]}
      />
    </div>
  );
}

/** The season at a glance: totals against the previous season of the same kind, and a chart (with its table) for each figure. */
export default function AdminSales() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { message, fail } = useScreenMessage();
  const [seasons, setSeasons] = useState<AdminSeason[] | null>(null);
  const [season, setSeason] = useState('');
  const [figures, setFigures] = useState<SalesFigures | null>(null);

  useEffect(() => {
    api('GET /admin/seasons', { lang })
      .then((res) => {
        setSeasons(res.data);
        setSeason((s) => s || (res.data.find((x) => x.current)?.code ?? res.data[0]?.code ?? ''));
      })
      .catch((error: unknown) => fail(error, 'admin.sales.loadError'));
  }, [api, lang, fail]);
  useEffect(() => {
    if (!season) return;
    api('GET /admin/sales', { query: { season }, lang })
      .then(setFigures)
      .catch((error: unknown) => fail(error, 'admin.sales.loadError'));
  }, [api, season, lang, fail]);

  const s = (key: string) => t(`admin.sales.${key}`);

  return (
    <div className="admin-page sales-page">
      <h1 className="page-title">{t('pages.adminSales')}</h1>
      <p className="lead">{s('intro')}</p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {seasons && seasons.length > 0 && (
        <div className="stock-tools">
          <div className="field">
            <label htmlFor="sales-season">{s('season')}</label>
            <select id="sales-season" value={season} onChange={(e) => setSeason(e.target.value)}>
              {seasons.map((x) => (
                <option key={x.id} value={x.code}>
                  {seasonLabel(x, lang)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {figures && (
        <>
          <p>{figures.previous ? t('admin.sales.previous', { name: figures.previous.name }) : s('noPrevious')}</p>
          <SalesTotals figures={figures} />
          <SalesCharts figures={figures} />
        </>
      )}
    </div>
  );
}
