import type { Route } from './+types/contact';
import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.contact' });

export default function Page() {
  return <PagePlaceholder titleKey="pages.contact" />;
}
