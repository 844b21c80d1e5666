import { useTranslation } from 'react-i18next';
import type { Route } from './+types/blog';
import { pageMeta } from '../../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminBlog', noindex: true });

export default function AdminBlog() {
  const { t } = useTranslation();
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminBlog')}</h1>
      <p>{t('admin.pending')}</p>
    </div>
  );
}
