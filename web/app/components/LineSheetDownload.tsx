import { useId, useState } from 'react';
import { LOCALES, type Locale } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { ApiError, errorMessage } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';
import { useLanguage } from '../lib/language.tsx';
import { useSession } from '../lib/session.tsx';
import { FormMessage } from './Field.tsx';

/**
 * The season's line sheet for a signed-in retailer or admin: fetched with the session token
 * (a plain link could not carry it) and handed to the browser's download. Nothing shows for
 * visitors; the server refuses them anyway.
 */
export function LineSheetDownload({
  headingLevel = 2,
  season,
  text = true,
  testId = 'linesheet',
}: {
  headingLevel?: 2 | 3;
  /** One season's sheet (else the current season's). */
  season?: { code: string; name: string };
  text?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { lang } = useLanguage();
  const { user, token, expire } = useSession();
  const [state, setState] = useState<{ kind: 'idle' | 'loading' | 'success' | 'error'; text?: string }>({ kind: 'idle' });
  if (!user || !token) return null;
  const Heading = `h${headingLevel}` as const;
  const other: Locale = LOCALES.find((l) => l !== lang)!;

  async function download(sheetLang: Locale) {
    setState({ kind: 'loading' });
    try {
      await downloadFile('GET /wholesale/linesheet.pdf', { lang: sheetLang, query: { season: season?.code } }, token!);
      setState({ kind: 'success', text: t('lineSheet.ready') });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) expire();
      setState({ kind: 'error', text: errorMessage(error, t('lineSheet.error')) });
    }
  }

  const busy = state.kind === 'loading';
  return (
    <section className="linesheet" aria-labelledby={titleId} data-testid={testId}>
      <Heading id={titleId} className="linesheet__title">
        {season ? t('seasons.lineSheet', { name: season.name }) : t('lineSheet.title')}
      </Heading>
      {text && <p className="linesheet__text">{t('lineSheet.text')}</p>}
      <div className="linesheet__actions">
        <button type="button" className="button" onClick={() => download(lang)} disabled={busy} aria-busy={busy}>
          {busy ? t('lineSheet.preparing') : t('lineSheet.download')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => download(other)} disabled={busy}>
          {t('lineSheet.downloadOther')}
        </button>
      </div>
      <div aria-live="polite">
        {state.kind === 'success' && <FormMessage kind="success">{state.text}</FormMessage>}
        {state.kind === 'error' && <FormMessage kind="error">{state.text}</FormMessage>}
      </div>
    </section>
  );
}
