import { useEffect, useReducer, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { CompanyView } from '@atelier/contract';
import type { Route } from './+types/company';
import { FormMessage } from '../../components/Field.tsx';
import { CompanyDoors } from '../../components/company/CompanyDoors.tsx';
import { CompanyPeople } from '../../components/company/CompanyPeople.tsx';
import { CompanyTermsForm } from '../../components/company/CompanyTerms.tsx';
import { CompanyPriority } from '../../components/company/CompanyPriority.tsx';
import { MandatePanel } from '../../components/company/MandatePanel.tsx';
import { useCompanyCalls } from '../../components/company/company-api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminCompanies', noindex: true });

/** One company (issue 46): its details, its people (invited, changed, removed by the owner too) and its doors. */
export default function AdminCompany() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const id = Number(useParams().companyId);
  // The people's door choices follow the doors added or removed.
  const [doorsChanged, doorChanged] = useReducer((n: number) => n + 1, 0);
  const calls = useCompanyCalls(id);
  const [company, setCompany] = useState<CompanyView | null>(null);
  const { message, fail } = useScreenMessage();
  useEffect(() => {
    api('GET /admin/companies/:id', { params: { id } })
      .then(setCompany)
      .catch((error: unknown) => fail(error, 'admin.companies.loadError'));
  }, [api, id, fail]);
  const details = company?.details;
  return (
    <div className="admin-page company-page">
      <p>
        <Link to="/admin/companies">{t('admin.companies.back')}</Link>
      </p>
      <h1 className="page-title">{details?.companyName ?? company?.email ?? t('pages.adminCompanies')}</h1>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      {company && (
        <dl className="facts" aria-label={t('admin.companies.details')}>
          <div>
            <dt>{t('company.people.email')}</dt>
            <dd>{company.email}</dd>
          </div>
          {details?.siret && (
            <div>
              <dt>{t('company.siret')}</dt>
              <dd>{details.siret}</dd>
            </div>
          )}
          {details?.billingAddress && (
            <div>
              <dt>{t('company.billingAddress')}</dt>
              <dd>{details.billingAddress}</dd>
            </div>
          )}
        </dl>
      )}
      <CompanyTermsForm companyId={id} lang={lang} />
      <CompanyPriority companyId={id} />
      <MandatePanel companyId={id} />
      <CompanyPeople calls={calls} canManage refresh={doorsChanged} />
      <CompanyDoors calls={calls} canManage onChange={doorChanged} />
    </div>
  );
}
