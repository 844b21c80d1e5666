import { useTranslation } from 'react-i18next';
import type { Route } from './+types/products';
import { pageMeta } from '../../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminProducts', noindex: true });

export default function AdminProducts() {
  const { t } = useTranslation();
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminProducts')}</h1>
      <p>{t('admin.pending')}</p>
    </div>
  );
}
