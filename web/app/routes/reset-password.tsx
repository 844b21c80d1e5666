import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/reset-password';
import { AuthPage } from '../components/AuthPage.tsx';
import { FormMessage } from '../components/Field.tsx';
import { NewPasswordFields, newPasswordProblem } from '../components/NewPasswordFields.tsx';
import { errorMessage, publicCall, warmClient } from '../lib/api.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { titleKey: 'pages.resetPassword', noindex: true }),
  { name: 'referrer', content: 'no-referrer' },
];

export default function ResetPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [value, setValue] = useState({ password: '', confirmation: '' });
  const [state, setState] = useState<'idle' | 'loading' | 'success' | 'error'>('idle');
  const [message, setMessage] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(value);
    if (problem) {
      setState('error');
      setMessage(t(problem));
      return;
    }
    setState('loading');
    try {
      await publicCall('POST /auth/reset-password', {
        body: { token, password: value.password, password_confirmation: value.confirmation },
      });
      setValue({ password: '', confirmation: '' });
      setState('success');
      setMessage(t('reset.success'));
    } catch (error) {
      setState('error');
      setMessage(errorMessage(error, t('reset.error')));
    }
  }

  return (
    <AuthPage title={t('reset.title')} intro={token ? t('reset.intro') : undefined}>
      {!token ? (
        <FormMessage kind="error">{t('reset.missingToken')}</FormMessage>
      ) : state === 'success' ? (
        <>
          <FormMessage kind="success">{message}</FormMessage>
          <p>
            <Link className="button" to="/login">
              {t('reset.goToLogin')}
            </Link>
          </p>
        </>
      ) : (
        <form className="form" onSubmit={submit} onFocus={warmClient}>
          <NewPasswordFields value={value} onChange={setValue} disabled={state === 'loading'} />
          {state === 'error' && <FormMessage kind="error">{message}</FormMessage>}
          <button type="submit" className="button" disabled={state === 'loading'}>
            {state === 'loading' ? t('reset.submitting') : t('reset.submit')}
          </button>
        </form>
      )}
    </AuthPage>
  );
}
