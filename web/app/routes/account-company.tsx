import { useReducer } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/account-company';
import { RequireRole } from '../components/Guard.tsx';
import { CompanyDoors } from '../components/company/CompanyDoors.tsx';
import { CompanyPeople } from '../components/company/CompanyPeople.tsx';
import { MyTerms } from '../components/company/CompanyTerms.tsx';
import { useCompanyCalls } from '../components/company/company-api.ts';
import { useLanguage } from '../lib/language.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.accountCompany', noindex: true });

/** A shop's company (issue 46): its people and their roles, its doors; an admin manages both, the others read them. */
function CompanyScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { user } = useSession();
  // The people's door choices follow the doors added or removed.
  const [doorsChanged, doorChanged] = useReducer((n: number) => n + 1, 0);
  const calls = useCompanyCalls();
  const role = user?.company?.role ?? 'admin';
  const canManage = role === 'admin';
  return (
    <div className="page page--narrow company-page">
      <h1 className="page-title">{t('company.pageTitle')}</h1>
      <p>
        <Link to="/account">{t('pages.account')}</Link> · <span data-testid="company-role">{t('company.yourRole', { role: t(`company.roles.${role}`) })}</span>
      </p>
      <MyTerms lang={lang} />
      <CompanyPeople calls={calls} canManage={canManage} refresh={doorsChanged} />
      <CompanyDoors calls={calls} canManage={canManage} onChange={doorChanged} />
    </div>
  );
}

export default function AccountCompany() {
  return (
    <RequireRole roles={['retailer']}>
      <CompanyScreen />
    </RequireRole>
  );
}
