import { useState, type FormEvent } from 'react';
import type { LoginResponse, MfaChallenge } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { apiRequest, errorMessage } from '../lib/api.ts';
import { passkeysSupported } from '../lib/passkeys.ts';
import { Field, FormMessage } from './Field.tsx';

type FormState = 'idle' | 'loading' | 'error';

/** The second step of a password sign-in: a code (app or recovery), or the account's passkey. */
export default function SecondStep({ challenge, onDone, onPasskey }: { challenge: MfaChallenge; onDone: (result: LoginResponse) => void; onPasskey: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [state, setState] = useState<FormState>('idle');
  const [error, setError] = useState('');
  const passkey = challenge.methods.includes('passkey') && passkeysSupported();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setState('error');
      setError(t('login.mfaRequired'));
      return;
    }
    setState('loading');
    try {
      onDone(await apiRequest<LoginResponse>('/auth/mfa', { method: 'POST', body: { mfa_token: challenge.mfa_token, code: code.trim() } }));
    } catch (err) {
      setState('error');
      setError(errorMessage(err, t('login.mfaError')));
    }
  }

  return (
    <form onSubmit={submit} className="form" data-testid="mfa-step">
      <h2 className="form__title">{t('login.mfaTitle')}</h2>
      <p>{challenge.methods.includes('totp') ? t('login.mfaIntro') : t('login.mfaIntroPasskey')}</p>
      {passkey && (
        <button type="button" className="button" onClick={onPasskey}>
          {t('login.mfaUsePasskey')}
        </button>
      )}
      <Field label={t('login.mfaCode')} name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} required value={code} onChange={(e) => setCode(e.target.value)} disabled={state === 'loading'} autoFocus />
      {state === 'error' && <FormMessage kind="error">{error}</FormMessage>}
      <button type="submit" className={passkey ? 'button button--quiet' : 'button'} disabled={state === 'loading'}>
        {t('login.mfaSubmit')}
      </button>
    </form>
  );
}

