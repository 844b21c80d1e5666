import type { Route } from './+types/retailers';
import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.retailers' });

export default function Page() {
  return <PagePlaceholder titleKey="pages.retailers" />;
}
