import { useCallback, useEffect, useState } from 'react';
import type { AdminSeason } from '@atelier/contract';
import { formatDay } from '@atelier/contract/pure';
import type { Route } from './+types/seasons';
import { FormMessage } from '../../components/Field.tsx';
import { SeasonForm, blankSeason, seasonForm, seasonPayload, type SeasonFormValue } from '../../components/admin/SeasonForm.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';
import { localName } from '../../lib/season-label.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminSeasons', noindex: true });

/** One season: its state, order window, deliveries, how many styles and orders, its edit and (with no order) its delete. */
function SeasonCard({ season: s, onEdit, onDelete }: { season: AdminSeason; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const name = (s: AdminSeason) => localName(s.translations, lang) || s.code;
  const day = (d: string | null) => (d ? formatDay(d, lang) : t('admin.seasons.noEnd'));
  return (
    <li className="season-card" data-testid="season-card">
      <h3 className="season-card__title">
        <span className="season-card__code">{s.code}</span> {name(s)}
      </h3>
      <p className="season-card__state">
        <span className={`status-badge status-badge--${s.state === 'open' ? 'confirmed' : s.state === 'upcoming' ? 'submitted' : 'cancelled'}`}>
          {t(`admin.seasons.state.${s.state}`)}
        </span>
        {s.current && <span className="badge"> {t('admin.seasons.current')}</span>}
      </p>
      <p>{t('admin.seasons.window', { from: day(s.ordersOpen), to: day(s.ordersClose) })}</p>
      <ul className="season-card__deliveries">
        {s.deliveries.map((d) => (
          <li key={d.id}>
            {localName(d.translations, lang)} : {t('admin.seasons.window', { from: formatDay(d.from, lang), to: formatDay(d.to, lang) })}
          </li>
        ))}
      </ul>
      <p className="field__hint">{t('admin.seasons.counts', { products: s.products, orders: s.orders })}</p>
      <div className="order-actions">
        <button type="button" className="button button--quiet button--small" onClick={onEdit} aria-label={`${t('admin.seasons.edit')} ${s.code}`}>
          {t('admin.seasons.edit')}
        </button>
        {s.orders === 0 && (
          <button type="button" className="button button--quiet button--small" onClick={onDelete} aria-label={`${t('admin.seasons.delete')} ${s.code}`}>
            {t('admin.seasons.delete')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The seasons: each with its order window, deliveries and terms; a form to create or edit one. */
export default function AdminSeasons() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, user } = useSession();
  const [seasons, setSeasons] = useState<AdminSeason[] | null>(null);
  const [editing, setEditing] = useState<AdminSeason | null>(null);
  // A new key remounts the form with its starting values (after a save, an edit, start new).
  const [formKey, setFormKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const { message, setMessage, fail } = useScreenMessage();

  const load = useCallback(
    () =>
      api('GET /admin/seasons', { lang })
        .then((res) => setSeasons(res.data))
        .catch((error: unknown) => fail(error, 'admin.seasons.loadError')),
    [api, lang, fail],
  );
  useEffect(() => {
    void load();
  }, [load]);

  function edit(season: AdminSeason | null) {
    setEditing(season);
    setFormKey((k) => k + 1);
    setMessage(null);
  }

  async function save(form: SeasonFormValue) {
    setSaving(true);
    setMessage(null);
    try {
      const body = seasonPayload(form);
      const saved = editing
        ? await api('PUT /admin/seasons/:id', { params: { id: editing.id }, lang, body })
        : await api('POST /admin/seasons', { lang, body });
      await load();
      edit(saved);
      setMessage({ kind: 'success', text: t(editing ? 'admin.seasons.updated' : 'admin.seasons.created') });
    } catch (error) {
      fail(error, 'admin.seasons.saveError');
    } finally {
      setSaving(false);
    }
  }

  async function remove(season: AdminSeason) {
    if (!window.confirm(t('admin.seasons.confirmDelete', { code: season.code }))) return;
    try {
      await api('DELETE /admin/seasons/:id', { params: { id: season.id }, lang });
      if (editing?.id === season.id) edit(null);
      await load();
      setMessage({ kind: 'success', text: t('admin.seasons.deleted') });
    } catch (error) {
      fail(error, 'admin.seasons.deleteError');
    }
  }

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminSeasons')}</h1>
      <p className="lead">{t('admin.seasons.intro')}</p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <section aria-labelledby="seasons-list-title">
        <h2 id="seasons-list-title" className="section-title section-title--small">
          {t('admin.seasons.list')}
        </h2>
        {seasons === null ? (
          <p role="status">{t('common.loading')}</p>
        ) : seasons.length === 0 ? (
          <p>{t('admin.seasons.empty')}</p>
        ) : (
          <ul className="season-cards">
            {seasons.map((s) => (
              <SeasonCard key={s.id} season={s} onEdit={() => edit(s)} onDelete={() => void remove(s)} />
            ))}
          </ul>
        )}
      </section>
      <SeasonForm
        key={formKey}
        initial={editing ? seasonForm(editing) : blankSeason(seasons?.[0]?.terms.orderEmail ?? user?.email ?? '')}
        editing={editing?.code ?? null}
        saving={saving}
        onSubmit={save}
        onCancel={() => edit(null)}
      />
    </div>
  );
}
