import type { ShowroomSnapshot } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';

/** The bar over the app: the brand, the network, the last sync and its button, the season's choice. */
export function ShowroomBar({
  brandName,
  online,
  syncState,
  syncedAt,
  snapshot,
  when,
  onSync,
  onSeason,
}: {
  brandName: string | undefined;
  online: boolean;
  syncState: 'idle' | 'syncing' | 'failed';
  syncedAt: string | null;
  snapshot: ShowroomSnapshot | null;
  when: (iso: string) => string;
  onSync: () => void;
  onSeason: (season: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <header className="showroom__bar">
        <h1 className="showroom__title">
          {brandName} · {t('admin.showroom.title')}
        </h1>
        <p className={`showroom__net showroom__net--${online ? 'on' : 'off'}`} role="status">
          {online ? t('admin.showroom.online') : t('admin.showroom.offline')}
        </p>
        <p className="showroom__sync">
          {syncState === 'syncing'
            ? t('admin.showroom.syncing')
            : syncState === 'failed'
              ? t('admin.showroom.syncFailed')
              : syncedAt
                ? t('admin.showroom.synced', { when: when(syncedAt) })
                : t('admin.showroom.neverSynced')}{' '}
          <button type="button" className="button button--small" onClick={() => onSync()} disabled={!online || syncState === 'syncing'}>
            {t('admin.showroom.sync')}
          </button>
        </p>
      </header>
      {snapshot && snapshot.seasons.length > 1 ? (
        <label className="showroom__season">
          {t('admin.showroom.season')}
          <select value={snapshot.season?.code ?? ''} disabled={!online} onChange={(e) => onSeason(e.target.value)}>
            {snapshot.seasons.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </>
  );
}
