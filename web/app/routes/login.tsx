import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useNavigate } from 'react-router';
import type { LoginOrMfa, LoginResponse, MfaChallenge, SecurityOverview } from '@atelier/contract';

// The second step loads only for an account that has one: the login page stays light for everyone else.
const SecondStep = lazy(() => import('../components/LoginSecondStep.tsx'));
import type { Route } from './+types/login';
import { Field, FormMessage } from '../components/Field.tsx';
import { AuthPage } from '../components/AuthPage.tsx';
import { apiRequest, errorMessage } from '../lib/api.ts';
import { cancelPasskeyCeremony, passkeyAutofillSupported, passkeySignIn, passkeysSupported } from '../lib/passkeys.ts';
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
      await apiRequest('/auth/forgot-password', { method: 'POST', body: { email: email.trim(), lang } });
      setState('success');
      setMessage(t('login.forgotSent'));
    } catch (error) {
      setState('error');
      setMessage(errorMessage(error, t('login.forgotError')));
    }
  }

  return (
    <form onSubmit={submit} className="form" noValidate={false}>
      <h2 className="form__title">{t('login.forgot')}</h2>
      <p>{t('login.forgotIntro')}</p>
      <Field label={t('login.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={state === 'loading'} />
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

export default function Login() {
  const { t } = useTranslation();
  const { status, user, expired, signIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<FormState>('idle');
  const [error, setError] = useState('');
  const [forgot, setForgot] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [passkeys, setPasskeys] = useState(false);
  // Where a fresh sign-in goes instead of the role's home (an administrator who must add a factor first).
  const next = useRef<string | null>(null);

  // An already signed-in user goes where a fresh sign-in would take them.
  const signedInHome = status === 'ready' && user ? (next.current ?? homeFor(user.role)) : null;
  useEffect(() => {
    if (signedInHome) navigate(signedInHome, { replace: true });
  }, [signedInHome, navigate]);

  // Passkeys: a button where the browser can make them, and the e-mail field's suggestions where it offers them.
  useEffect(() => {
    if (!passkeysSupported()) return;
    setPasskeys(true);
    let live = true;
    passkeyAutofillSupported()
      .then((autofill) => {
        if (!autofill || !live) return;
        passkeySignIn(true)
          .then((result) => live && void finish(result))
          .catch(() => undefined); // dismissed, or replaced by another ceremony
      })
      .catch(() => undefined);
    return () => {
      live = false;
      void cancelPasskeyCeremony();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Takes the session; an administrator the site requires a factor of goes to add one first. */
  async function finish(result: LoginResponse) {
    setState('success');
    if (result.user.role === 'admin') {
      const security = await apiRequest<SecurityOverview>('/account/security', { token: result.access_token }).catch(() => null);
      if (security?.mfaSetupRequired) next.current = '/account/security';
    }
    // The effect above takes the user to their home.
    signIn(result.access_token, result.user);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setState('error');
      setError(t('login.required'));
      return;
    }
    setState('loading');
    setError('');
    try {
      const result = await apiRequest<LoginOrMfa>('/auth/login', { method: 'POST', body: { email: email.trim(), password } });
      if ('mfa_required' in result) {
        setState('idle');
        setChallenge(result);
        return;
      }
      await finish(result);
    } catch (err) {
      setState('error');
      setError(errorMessage(err, t('login.error')));
    }
  }

  async function withPasskey() {
    setError('');
    try {
      await cancelPasskeyCeremony();
      await finish(await passkeySignIn());
    } catch (err) {
      setState('error');
      setError(errorMessage(err, t('login.passkeyError')));
    }
  }

  return (
    <AuthPage title={t('login.title')} intro={t('login.intro')}>
      {forgot ? (
        <ForgotPassword onBack={() => setForgot(false)} />
      ) : challenge ? (
        <>
          <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
            <SecondStep challenge={challenge} onDone={(result) => void finish(result)} onPasskey={() => void withPasskey()} />
          </Suspense>
          {state === 'error' && <FormMessage kind="error">{error}</FormMessage>}
        </>
      ) : (
        <form onSubmit={submit} className="form">
          {expired && state === 'idle' && (
            <p className="form-message form-message--error" role="status">
              {t('common.sessionExpired')}
            </p>
          )}
          <Field label={t('login.email')} type="email" name="email" autoComplete="username webauthn" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={state === 'loading'} />
          <Field label={t('login.password')} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} disabled={state === 'loading'} />
          {state === 'error' && <FormMessage kind="error">{error}</FormMessage>}
          <button type="submit" className="button" disabled={state === 'loading'}>
            {state === 'loading' ? t('login.submitting') : t('login.submit')}
          </button>
          {passkeys && (
            <button type="button" className="button button--quiet" onClick={() => void withPasskey()} disabled={state === 'loading'}>
              {t('login.passkey')}
            </button>
          )}
          <p>
            <button type="button" className="link-button" onClick={() => setForgot(true)}>
              {t('login.forgot')}
            </button>
          </p>
        </form>
      )}
      <p className="auth-page__back">
        <Link to="/">{t('login.backToSite')}</Link>
      </p>
    </AuthPage>
  );
}
