import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { BodyOf } from '@atelier/contract/endpoints';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { passkeyAssertion, passkeysSupported } from '../../lib/passkeys.ts';
import { useSession } from '../../lib/session.tsx';
import { Field, FormMessage } from '../Field.tsx';

/** 403 on a sensitive change: the server asks to sign in again first. */
const needsReauth = (error: unknown) => error instanceof ApiError && error.status === 403 && error.body.reauth === true;

/** What the account confirms with: with any factor, a code (of its app, or a recovery code) beside the password; its passkey when it has one. */
export interface ReauthNeeds {
  code: boolean;
  passkey: boolean;
}

/** Signs in again inside the page: the password (and a code), or a passkey; then the change carries on. */
function ReauthForm({ needs, onDone, onCancel }: { needs: ReauthNeeds; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function confirm(body: BodyOf<'POST /auth/reauth'>) {
    setBusy(true);
    setError('');
    try {
      await api('POST /auth/reauth', { body });
      onDone();
    } catch (err) {
      setError(errorMessage(err, t('security.reauthError')));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await confirm({ password, ...(needs.code ? { code: code.trim() } : {}) });
  }

  async function withPasskey() {
    try {
      await confirm({ passkey: await passkeyAssertion() });
    } catch (err) {
      setError(errorMessage(err, t('security.reauthError')));
    }
  }

  return (
    <form className="form reauth" onSubmit={submit} aria-labelledby="reauth-title" data-testid="reauth">
      <h2 id="reauth-title" className="form__title" tabIndex={-1} ref={heading}>
        {t('security.reauthTitle')}
      </h2>
      <p>{t('security.reauthIntro')}</p>
      {needs.passkey && passkeysSupported() && (
        <button type="button" className="button button--quiet" onClick={() => void withPasskey()} disabled={busy}>
          {t('security.reauthPasskey')}
        </button>
      )}
      <Field
        label={t('security.reauthPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={busy}
      />
      {needs.code && (
        <Field label={t('security.reauthCode')} autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} disabled={busy} />
      )}
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('security.reauthSubmit')}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel} disabled={busy}>
          {t('security.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * Runs a sensitive change; when the server answers 403 `reauth`, shows the sign-in again and, once
 * it is confirmed, runs the change again. `form` is where the page shows that sign-in.
 */
export function useReauth(needs: ReauthNeeds): { guard: (action: () => Promise<void>, onError: (error: unknown) => void) => Promise<void>; form: ReactNode } {
  const [pending, setPending] = useState<{ action: () => Promise<void>; onError: (error: unknown) => void } | null>(null);
  const guard = useCallback(async (action: () => Promise<void>, onError: (error: unknown) => void) => {
    try {
      await action();
    } catch (error) {
      if (needsReauth(error)) setPending({ action, onError });
      else onError(error);
    }
  }, []);
  const form = pending ? (
    <ReauthForm
      needs={needs}
      onCancel={() => setPending(null)}
      onDone={() => {
        setPending(null);
        pending.action().catch(pending.onError);
      }}
    />
  ) : null;
  return { guard, form };
}
