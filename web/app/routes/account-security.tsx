import { useCallback, useEffect, useState } from 'react';
import type { SecurityOverview } from '@atelier/contract';
import type { Route } from './+types/account-security';
import { FormMessage } from '../components/Field.tsx';
import { RequireRole } from '../components/Guard.tsx';
import { Passkeys } from '../components/security/Passkeys.tsx';
import { useReauth } from '../components/security/Reauth.tsx';
import { RecoveryCodesPanel } from '../components/security/RecoveryCodes.tsx';
import { Sessions } from '../components/security/Sessions.tsx';
import { Totp } from '../components/security/Totp.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { errorMessage, SessionExpiredError } from '../lib/api.ts';
import { pageMeta } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';
import { useNavigate } from 'react-router';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.accountSecurity', noindex: true });

/** `/account/security`: passkeys, authenticator app, recovery codes and sessions of the signed-in account. */
function SecurityScreen() {
  const { t } = useTranslation();
  const { user, api } = useSession();
  const navigate = useNavigate();
  const [overview, setOverview] = useState<SecurityOverview | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { guard, form } = useReauth({ code: Boolean(overview?.totp || overview?.passkeys.length), passkey: Boolean(overview?.passkeys.length) });

  const onMessage = useCallback(
    (kind: 'success' | 'error', text: string, error?: unknown) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage({ kind, text: kind === 'error' ? errorMessage(error, text) : text });
    },
    [navigate],
  );
  const reload = useCallback(
    () =>
      api('GET /account/security')
        .then(setOverview)
        .catch((error: unknown) => onMessage('error', t('security.loadError'), error)),
    [api, onMessage, t],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const recoveryCodes = async () =>
    guard(
      async () => {
        setCodes((await api('POST /account/recovery-codes')).recoveryCodes);
        await reload();
      },
      (error) => onMessage('error', t('security.loadError'), error),
    );

  const props = overview ? { overview, reload, guard, onCodes: setCodes, onMessage } : null;
  return (
    <div className="page page--narrow security-page">
      <h1 className="page-title">{t('security.title')}</h1>
      <p>{t('security.intro')}</p>
      {overview?.mfaSetupRequired && (
        <p className="form-message form-message--error" role="alert" data-testid="mfa-required">
          {t('security.required')}
        </p>
      )}
      {form}
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      {codes && <RecoveryCodesPanel codes={codes} email={user?.email ?? ''} onDone={() => setCodes(null)} />}
      {!props ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <Passkeys {...props} />
          <Totp {...props} />
          <section className="security-block" aria-labelledby="recovery-title">
            <h2 id="recovery-title">{t('security.recoveryTitle')}</h2>
            <p>{t('security.recoveryIntro')}</p>
            {props.overview.passkeys.length || props.overview.totp ? (
              <>
                <p data-testid="recovery-left">{t('security.recoveryLeft', { count: props.overview.recoveryCodesLeft })}</p>
                <button type="button" className="button button--quiet" onClick={() => void recoveryCodes()}>
                  {t('security.recoveryRenew')}
                </button>
              </>
            ) : (
              <p>{t('security.recoveryNone')}</p>
            )}
          </section>
          <Sessions overview={props.overview} reload={reload} onMessage={onMessage} />
        </>
      )}
    </div>
  );
}

export default function AccountSecurity() {
  return (
    <RequireRole roles={['admin', 'retailer', 'agent']}>
      <SecurityScreen />
    </RequireRole>
  );
}
