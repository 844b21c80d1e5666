import { useEffect, useMemo, useState } from 'react';
import type { AdminSeason, CutSheet } from '@atelier/contract';
import type { Route } from './+types/production';
import { FormMessage } from '../../components/Field.tsx';
import { CutSheetTable, SizeHeader, TotalRows } from '../../components/admin/CutSheetTable.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { localName, seasonLabel } from '../../lib/season-label.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminProduction', noindex: true });

type Status = 'both' | 'submitted' | 'confirmed';

/** The cut sheet: pieces and orders, a table per style, and the season's total by size. */
function SheetView({ sheet }: { sheet: CutSheet }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="cut-summary" data-testid="cut-summary">
        {t('admin.production.summary', { pieces: sheet.total, orders: sheet.orders })}
      </p>
      {sheet.styles.length === 0 && <p>{t('admin.production.empty')}</p>}
      {sheet.styles.map((style) => (
        <CutSheetTable key={`${style.productId}-${style.title}`} style={style} sizes={sheet.sizes} />
      ))}
      {sheet.styles.length > 0 && (
        <section className="cut-style">
          <h2 id="cut-total-title">{t('admin.production.seasonTotal')}</h2>
          <div className="table-scroll" role="region" tabIndex={0} aria-labelledby="cut-total-title">
            <table className="cut-table" data-testid="cut-total">
              <SizeHeader sizes={sheet.sizes} first={t('admin.production.seasonTotal')} />
              <tbody>
                <TotalRows sizes={sheet.sizes} counts={sheet.sizeTotals} total={sheet.total} curve={sheet.sizeCurve} />
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}

/** The cut sheet: what the workshop makes for a season (and a delivery), its CSV and its PDF. */
export default function AdminProduction() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const { message, setMessage, fail } = useScreenMessage();
  const [seasons, setSeasons] = useState<AdminSeason[] | null>(null);
  const [filter, setFilter] = useState<{ season: string; delivery: string; status: Status }>({ season: '', delivery: '', status: 'both' });
  const [sheet, setSheet] = useState<CutSheet | null>(null);

  useEffect(() => {
    api('GET /admin/seasons', { lang })
      .then((res) => {
        setSeasons(res.data);
        // The current season first, as the owner opens the screen the day pre-orders close.
        setFilter((f) => (f.season ? f : { ...f, season: res.data.find((s) => s.current)?.code ?? res.data[0]?.code ?? '' }));
      })
      .catch((error: unknown) => fail(error, 'admin.production.loadError'));
  }, [api, lang, fail]);

  const query = useMemo(
    () => ({ season: filter.season, delivery: filter.delivery || undefined, status: filter.status }),
    [filter.season, filter.delivery, filter.status],
  );
  useEffect(() => {
    if (!filter.season) return;
    setMessage(null);
    api('GET /admin/production', { query, lang })
      .then(setSheet)
      .catch((error: unknown) => fail(error, 'admin.production.loadError'));
  }, [api, query, lang, filter.season, fail, setMessage]);

  async function download(ext: 'csv' | 'pdf') {
    if (!token) return;
    try {
      await downloadFile(ext === 'csv' ? 'GET /admin/production.csv' : 'GET /admin/production.pdf', { query, lang }, token);
    } catch (error) {
      fail(error, 'admin.production.downloadError');
    }
  }

  const chosen = seasons?.find((s) => s.code === filter.season);
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminProduction')}</h1>
      <p className="lead">{t('admin.production.intro')}</p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {seasons && seasons.length === 0 && <p>{t('admin.production.noSeason')}</p>}
      {seasons && seasons.length > 0 && (
        <div className="stock-tools">
          <div className="field">
            <label htmlFor="cut-season">{t('admin.production.season')}</label>
            <select id="cut-season" value={filter.season} onChange={(e) => setFilter({ ...filter, season: e.target.value, delivery: '' })}>
              {seasons.map((s) => (
                <option key={s.id} value={s.code}>
                  {seasonLabel(s, lang)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="cut-delivery">{t('admin.production.delivery')}</label>
            <select id="cut-delivery" value={filter.delivery} onChange={(e) => setFilter({ ...filter, delivery: e.target.value })}>
              <option value="">{t('admin.production.allDeliveries')}</option>
              {chosen?.deliveries.map((d) => (
                <option key={d.id} value={String(d.id)}>
                  {localName(d.translations, lang)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="cut-status">{t('admin.production.status')}</label>
            <select id="cut-status" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value as Status })}>
              <option value="both">{t('admin.production.statusBoth')}</option>
              <option value="submitted">{t('admin.production.statusSubmitted')}</option>
              <option value="confirmed">{t('admin.production.statusConfirmed')}</option>
            </select>
          </div>
          <button type="button" className="button button--quiet" onClick={() => void download('csv')}>
            {t('admin.production.downloadCsv')}
          </button>
          <button type="button" className="button" onClick={() => void download('pdf')}>
            {t('admin.production.downloadPdf')}
          </button>
        </div>
      )}
      {sheet && <SheetView sheet={sheet} />}
    </div>
  );
}
