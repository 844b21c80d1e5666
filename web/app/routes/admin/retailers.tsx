import { useTranslation } from 'react-i18next';
import type { Route } from './+types/retailers';
import { pageMeta } from '../../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminRetailers', noindex: true });

export default function AdminRetailers() {
  const { t } = useTranslation();
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminRetailers')}</h1>
      <p>{t('admin.pending')}</p>
    </div>
  );
}
