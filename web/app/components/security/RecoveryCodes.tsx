import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { saveBlob } from '../../lib/download.ts';

/** Codes shown once: to copy, download as a text file or print, then put away. */
export function RecoveryCodesPanel({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${t('security.recoveryFile', { email, site: window.location.host })}\n\n${codes.join('\n')}\n`;
  return (
    <div className="recovery-codes" data-testid="recovery-codes">
      <h2>{t('security.recoveryNewTitle')}</h2>
      <p role="status">{t('security.recoveryNew')}</p>
      <ol className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button
          type="button"
          className="button button--quiet"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt')}
        >
          {t('security.recoveryDownload')}
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => setCopied(true))
              .catch(() => undefined)
          }
        >
          {copied ? t('security.recoveryCopied') : t('security.recoveryCopy')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => window.print()}>
          {t('security.recoveryPrint')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('security.recoveryDone')}
        </button>
      </div>
    </div>
  );
}
