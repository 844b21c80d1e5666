import type { Route } from './+types/legal';
import { StaticSections } from '../components/StaticSections.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.legal', path: '/legal' });

export default function Page() {
  return <StaticSections titleKey="pages.legal" sectionsKey="legal.sections" />;
}
