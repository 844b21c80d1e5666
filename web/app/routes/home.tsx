import type { Route } from './+types/home';
import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.home' });

export default function Page() {
  return <PagePlaceholder titleKey="pages.home" />;
}
