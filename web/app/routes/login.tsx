import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useNavigate } from 'react-router';
import type { LoginResponse } from '@atelier/contract';
import type { Route } from './+types/login';
import { Field, FormMessage } from '../components/Field.tsx';
import { AuthPage } from '../components/AuthPage.tsx';
import { apiRequest, errorMessage } from '../lib/api.ts';
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

  // An already signed-in user goes where a fresh sign-in would take them.
  const signedInHome = status === 'ready' && user ? homeFor(user.role) : null;
  useEffect(() => {
    if (signedInHome) navigate(signedInHome, { replace: true });
  }, [signedInHome, navigate]);

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
      const result = await apiRequest<LoginResponse>('/auth/login', { method: 'POST', body: { email: email.trim(), password } });
      setState('success');
      // The effect above takes the user to their home.
      signIn(result.access_token, result.user);
    } catch (err) {
      setState('error');
      setError(errorMessage(err, t('login.error')));
    }
  }

  return (
    <AuthPage title={t('login.title')} intro={t('login.intro')}>
      {forgot ? (
        <ForgotPassword onBack={() => setForgot(false)} />
      ) : (
        <form onSubmit={submit} className="form">
          {expired && state === 'idle' && (
            <p className="form-message form-message--error" role="status">
              {t('common.sessionExpired')}
            </p>
          )}
          <Field label={t('login.email')} type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={state === 'loading'} />
          <Field label={t('login.password')} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} disabled={state === 'loading'} />
          {state === 'error' && <FormMessage kind="error">{error}</FormMessage>}
          <button type="submit" className="button" disabled={state === 'loading'}>
            {state === 'loading' ? t('login.submitting') : t('login.submit')}
          </button>
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
