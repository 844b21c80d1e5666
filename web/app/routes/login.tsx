import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useNavigate } from 'react-router';
import type { LoginResponse, MfaChallenge } from '@atelier/contract';
import type { Route } from './+types/login';
import { Field, FormMessage } from '../components/Field.tsx';
import { AuthPage } from '../components/AuthPage.tsx';
import { errorMessage, publicCall, warmClient } from '../lib/api.ts';
import { cancelPasskeyCeremony, passkeyAssertion, passkeysSupported, type PasskeyResponse } from '../lib/passkeys.ts';
import { pageMeta } from '../lib/meta.ts';
import { homeFor, useSession } from '../lib/session.tsx';
import { useLanguage } from '../lib/language.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.login', noindex: true });

type FormState = 'idle' | 'loading' | 'success' | 'error';

function ForgotPassword({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>('idle');
  const [message, setMessage] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('loading');
    try {
      await publicCall('POST /auth/forgot-password', { body: { email: email.trim(), lang } });
      setState('success');
      setMessage(t('login.forgotSent'));
    } catch (error) {
      setState('error');
      setMessage(errorMessage(error, t('login.forgotError')));
    }
  }

  return (
    <form onSubmit={submit} onFocus={warmClient} className="form">
      <h2 className="form__title">{t('login.forgot')}</h2>
      <p>{t('login.forgotIntro')}</p>
      <Field
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={state === 'loading'}
      />
      <button type="submit" className="button" disabled={state === 'loading'}>
        {t('login.forgotSubmit')}
      </button>
      {state === 'success' && <FormMessage kind="success">{message}</FormMessage>}
      {state === 'error' && <FormMessage kind="error">{message}</FormMessage>}
      <p>
        <button type="button" className="link-button" onClick={onBack}>
          {t('login.backToLogin')}
        </button>
      </p>
    </form>
  );
}

type StepProps = { state: FormState; error: string; passkeys: boolean; onPasskey: () => void; onSubmit: (event: FormEvent) => void };
type CodeProps = StepProps & { challenge: MfaChallenge; code: string; setCode: (code: string) => void };
type PasswordProps = StepProps & {
  email: string;
  setEmail: (email: string) => void;
  password: string;
  setPassword: (password: string) => void;
  onForgot: () => void;
};

/** The second step, for an account with a factor: its code, or its passkey. */
function CodeStep({ challenge, code, setCode, state, error, passkeys, onPasskey, onSubmit }: CodeProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} onFocus={warmClient} className="form">
      <h2 className="form__title">{t('login.mfaTitle')}</h2>
      <p>{t(challenge.methods.includes('totp') ? 'login.mfaIntro' : 'login.mfaIntroPasskey')}</p>
      {passkeys && challenge.methods.includes('passkey') && (
        <button type="button" className="button" onClick={onPasskey}>
          {t('login.mfaUsePasskey')}
        </button>
      )}
      <Field
        label={t('login.mfaCode')}
        name="code"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        disabled={state === 'loading'}
        autoFocus
      />
      {state === 'error' && <FormMessage kind="error">{error}</FormMessage>}
      <button type="submit" className="button" disabled={state === 'loading'}>
        {t('login.mfaSubmit')}
      </button>
    </form>
  );
}

/** The first step: e-mail and password (or a passkey), and the way to a forgotten password. */
function PasswordStep({ email, setEmail, password, setPassword, state, error, passkeys, onPasskey, onForgot, onSubmit }: PasswordProps) {
  const { t } = useTranslation();
  const { expired } = useSession();
  return (
    <form onSubmit={onSubmit} onFocus={warmClient} className="form">
      {expired && state === 'idle' && (
        <p className="form-message form-message--error" role="status">
          {t('common.sessionExpired')}
        </p>
      )}
      <Field
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="username webauthn"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={state === 'loading'}
      />
      <Field
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={state === 'loading'}
      />
      {state === 'error' && <FormMessage kind="error">{error}</FormMessage>}
      <button type="submit" className="button" disabled={state === 'loading'}>
        {state === 'loading' ? t('login.submitting') : t('login.submit')}
      </button>
      {passkeys && (
        <button type="button" className="button button--quiet" onClick={onPasskey} disabled={state === 'loading'}>
          {t('login.passkey')}
        </button>
      )}
      <p>
        <button type="button" className="link-button" onClick={onForgot}>
          {t('login.forgot')}
        </button>
      </p>
    </form>
  );
}

/** A passkey sign-in is a full sign-in: no password, no second step. */
const verify = (response: PasskeyResponse) => publicCall('POST /auth/passkey/verify', { body: { response } });

/** Passkeys: whether the browser can make them (a button), and the e-mail field's suggestions where it offers them. */
function usePasskeys(finish: (result: LoginResponse) => void) {
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => {
    if (!passkeysSupported()) return;
    setPasskeys(true);
    PublicKeyCredential.isConditionalMediationAvailable?.()
      .then((offered) => {
        if (offered) return passkeyAssertion('conditional').then(verify).then(finish);
      })
      .catch(() => undefined); // dismissed, or replaced by the button's ceremony
    return cancelPasskeyCeremony;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return passkeys;
}

export default function Login() {
  const { t } = useTranslation();
  const { status, user, signIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<FormState>('idle');
  const [error, setError] = useState('');
  const [forgot, setForgot] = useState(false);
  // The second step of a password sign-in, for an account with a factor: a code, or its passkey.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [code, setCode] = useState('');

  // An already signed-in user goes where a fresh sign-in would take them.
  const signedInHome = status === 'ready' && user ? homeFor(user.role) : null;
  useEffect(() => {
    if (signedInHome) navigate(signedInHome, { replace: true });
  }, [signedInHome, navigate]);

  const passkeys = usePasskeys(finish);

  /** Takes the session (an administrator the site requires a factor of is sent on to add one by the back-office). */
  function finish(result: LoginResponse) {
    setState('success');
    // The effect above takes the user to their home.
    signIn(result.access_token, result.user);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (challenge ? !code.trim() : !email.trim() || !password) {
      setState('error');
      setError(t(challenge ? 'login.mfaRequired' : 'login.required'));
      return;
    }
    setState('loading');
    setError('');
    try {
      const result = challenge
        ? await publicCall('POST /auth/mfa', { body: { mfa_token: challenge.mfa_token, code: code.trim() } })
        : await publicCall('POST /auth/login', { body: { email: email.trim(), password } });
      if ('mfa_required' in result) {
        setState('idle');
        setChallenge(result);
        return;
      }
      finish(result);
    } catch (err) {
      setState('error');
      setError(errorMessage(err, t(challenge ? 'login.mfaError' : 'login.error')));
    }
  }

  async function withPasskey() {
    setError('');
    try {
      finish(await verify(await passkeyAssertion()));
    } catch (err) {
      setState('error');
      setError(errorMessage(err, t('login.passkeyError')));
    }
  }

  const step = { state, error, passkeys, onPasskey: () => void withPasskey(), onSubmit: submit };
  return (
    <AuthPage title={t('login.title')} intro={t('login.intro')}>
      {forgot ? (
        <ForgotPassword onBack={() => setForgot(false)} />
      ) : challenge ? (
        <CodeStep {...step} challenge={challenge} code={code} setCode={setCode} />
      ) : (
        <PasswordStep {...step} email={email} setEmail={setEmail} password={password} setPassword={setPassword} onForgot={() => setForgot(true)} />
      )}
      <p className="auth-page__back">
        <Link to="/">{t('login.backToSite')}</Link>
      </p>
    </AuthPage>
  );
}
