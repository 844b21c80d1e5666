import type { SecurityOverview } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';

const when = (iso: string, lang: 'fr' | 'en') =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The account's signed-in sessions: this one marked; sign out one, or every other. */
export function Sessions({
  overview,
  reload,
  onMessage,
}: {
  overview: SecurityOverview;
  reload: () => Promise<void>;
  onMessage: (kind: 'success' | 'error', text: string, error?: unknown) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const label = (s: SecurityOverview['sessions'][number]) => [s.browser, s.system].filter(Boolean).join(' · ') || t('security.sessionUnknown');

  /** One session by its id, or every other one. */
  async function signOut(id?: number) {
    try {
      if (id === undefined) await api('DELETE /account/sessions');
      else await api('DELETE /account/sessions/:id', { params: { id } });
      onMessage('success', t('security.signedOut'));
      await reload();
    } catch (error) {
      onMessage('error', t('security.loadError'), error);
    }
  }

  return (
    <section className="security-block" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('security.sessionsTitle')}</h2>
      <p>{t('security.sessionsIntro')}</p>
      <ul className="security-list" data-testid="sessions">
        {overview.sessions.map((s) => (
          <li key={s.id}>
            <div>
              <strong>{label(s)}</strong>
              {s.current && <span className="badge">{t('security.sessionThis')}</span>}
              <span className="security-list__meta">{t('security.sessionSeen', { first: when(s.createdAt, lang), last: when(s.lastSeenAt, lang) })}</span>
            </div>
            {!s.current && (
              <div className="security-list__actions">
                <button
                  type="button"
                  className="button button--quiet button--small"
                  onClick={() => void signOut(s.id)}
                  aria-label={t('security.signOutSessionNamed', { name: label(s) })}
                >
                  {t('security.signOutSession')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {overview.sessions.length > 1 && (
        <button type="button" className="button button--quiet" onClick={() => void signOut()}>
          {t('security.signOutOthers')}
        </button>
      )}
    </section>
  );
}
