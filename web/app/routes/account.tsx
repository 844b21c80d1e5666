import { ProductFeedDownload } from '../components/ProductFeedDownload.tsx';
import { useEffect, useState, type FormEvent } from 'react';
import { useReauth } from '../components/security/Reauth.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useNavigate } from 'react-router';
import type { Route } from './+types/account';
import { Field, FormMessage } from '../components/Field.tsx';
import { LineSheetDownload } from '../components/LineSheetDownload.tsx';
import { OpenSeasons } from '../components/OpenSeasons.tsx';
import { CompanyForm } from '../components/CompanyForm.tsx';
import { AccountListing } from '../components/AccountListing.tsx';
import { Link } from 'react-router';
import { RequireRole } from '../components/Guard.tsx';
import { NewPasswordFields, newPasswordProblem } from '../components/NewPasswordFields.tsx';
import { SessionExpiredError, errorMessage } from '../lib/api.ts';
import { pageMeta } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.account', noindex: true });

/** The account's password change: it asks for a recent sign-in first (its code or passkey, when it has one). */
function ChangePasswordForm() {
  const { t } = useTranslation();
  const { api } = useSession();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState({ password: '', confirmation: '' });
  const [state, setState] = useState<'idle' | 'loading' | 'success' | 'error'>('idle');
  const [message, setMessage] = useState('');
  // A password change needs a recent sign-in: what the account confirms with comes from its security.
  const [factors, setFactors] = useState({ code: false, passkey: false });
  const { guard, form } = useReauth(factors);
  useEffect(() => {
    api('GET /account/security')
      .then((o) => setFactors({ code: o.totp || o.passkeys.length > 0, passkey: o.passkeys.length > 0 }))
      .catch(() => undefined);
  }, [api]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current || !value.password || !value.confirmation) {
      setState('error');
      setMessage(t('password.required'));
      return;
    }
    const problem = newPasswordProblem(value);
    if (problem) {
      setState('error');
      setMessage(t(problem));
      return;
    }
    setState('loading');
    await guard(
      async () => {
        await api('PUT /auth/password', {
          body: { current_password: current, password: value.password, password_confirmation: value.confirmation },
        });
        setCurrent('');
        setValue({ password: '', confirmation: '' });
        setState('success');
        setMessage(t('account.success'));
      },
      (error) => {
        if (error instanceof SessionExpiredError) {
          navigate('/login', { replace: true });
          return;
        }
        setState('error');
        setMessage(errorMessage(error, t('account.error')));
      },
    );
    setState((s) => (s === 'loading' ? 'idle' : s));
  }

  return (
    <>
      {form}
      <form className="form" onSubmit={submit} aria-labelledby="change-password-title">
        <h2 id="change-password-title" className="form__title">
          {t('account.changePassword')}
        </h2>
        <Field
          label={t('password.current')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          disabled={state === 'loading'}
        />
        <NewPasswordFields value={value} onChange={setValue} disabled={state === 'loading'} />
        {state === 'success' && <FormMessage kind="success">{message}</FormMessage>}
        {state === 'error' && <FormMessage kind="error">{message}</FormMessage>}
        <button type="submit" className="button" disabled={state === 'loading'}>
          {state === 'loading' ? t('account.submitting') : t('account.submit')}
        </button>
      </form>
    </>
  );
}

function AccountScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const role = user?.role ?? 'retailer';
  const retailer = user?.role === 'retailer';
  // A shop's person (issue 46): a buyer orders, accounts people see invoices, admins do both and manage.
  const companyRole = user?.company?.role ?? 'admin';
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{t('account.title')}</h1>
      <dl className="facts">
        <div>
          <dt>{t('account.email')}</dt>
          <dd data-testid="account-email">{user?.email}</dd>
        </div>
        <div>
          <dt>{t('account.role')}</dt>
          <dd data-testid="account-role">{t(`account.roles.${role}`)}</dd>
        </div>
        {retailer && (
          <div>
            <dt>{t('company.roleInCompany')}</dt>
            <dd data-testid="account-company-role">{t(`company.roles.${companyRole}`)}</dd>
          </div>
        )}
      </dl>
      <LineSheetDownload />
      {retailer && <ProductFeedDownload />}
      <OpenSeasons />
      <nav className="account-links" aria-label={t('account.links')}>
        {retailer && companyRole !== 'accounts' && <Link to="/account/order">{t('order.draftTitle')}</Link>}
        {retailer && <Link to="/account/orders">{t('order.myOrders')}</Link>}
        {retailer && <Link to="/account/proposals">{t('proposals.link')}</Link>}
        {retailer && <Link to="/account/waitlist">{t('waitlist.link')}</Link>}
        {retailer && companyRole !== 'buyer' && <Link to="/account/invoices">{t('invoices.link')}</Link>}
        {retailer && <Link to="/account/company">{t('company.pageLink')}</Link>}
        <Link to="/account/security">{t('security.link')}</Link>
      </nav>
      <ChangePasswordForm />
      {retailer && companyRole === 'admin' && <CompanyForm />}
      {retailer && companyRole === 'admin' && <AccountListing />}
    </div>
  );
}

export default function Account() {
  return (
    <RequireRole roles={['admin', 'retailer', 'agent']}>
      <AccountScreen />
    </RequireRole>
  );
}
