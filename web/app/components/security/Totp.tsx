import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSession } from '../../lib/session.tsx';
import { Field } from '../Field.tsx';
import type { FactorProps } from './Passkeys.tsx';

/** The authenticator app: set up (QR code drawn by our server, the key as text, a first code), or remove. */
export function Totp({ overview, reload, guard, onCodes, onMessage }: FactorProps) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const start = () =>
    guard(
      async () => setSetup(await api('POST /account/totp')),
      (error) => onMessage('error', t('security.totpError'), error),
    );

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await guard(
      async () => {
        const done = await api('POST /account/totp/confirm', { body: { code: code.trim() } });
        setSetup(null);
        setCode('');
        if (done.recoveryCodes) onCodes(done.recoveryCodes);
        onMessage('success', t('security.totpDone'));
        await reload();
      },
      (error) => onMessage('error', t('security.totpError'), error),
    );
    setBusy(false);
  }

  const remove = () =>
    guard(
      async () => {
        await api('DELETE /account/totp');
        onMessage('success', t('security.removed'));
        await reload();
      },
      (error) => onMessage('error', t('security.totpError'), error),
    );

  return (
    <section className="security-block" aria-labelledby="totp-title">
      <h2 id="totp-title">{t('security.totpTitle')}</h2>
      <p>{t('security.totpIntro')}</p>
      {overview.totp ? (
        <>
          <p data-testid="totp-on">{t('security.totpOn')}</p>
          <button type="button" className="button button--quiet button--danger" onClick={() => void remove()}>
            {t('security.totpRemove')}
          </button>
        </>
      ) : setup ? (
        <form onSubmit={confirm} className="form totp-setup">
          <p>{t('security.totpScan')}</p>
          <img
            className="totp-setup__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('security.totpQr')}
            width={200}
            height={200}
          />
          <dl className="facts">
            <div>
              <dt>{t('security.totpSecret')}</dt>
              <dd>
                <code data-testid="totp-secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              </dd>
            </div>
          </dl>
          <Field
            label={t('security.totpCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            disabled={busy}
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {t('security.totpConfirm')}
            </button>
            <button type="button" className="button button--quiet" onClick={() => setSetup(null)} disabled={busy}>
              {t('security.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => void start()}>
          {t('security.totpSetup')}
        </button>
      )}
    </section>
  );
}
