import type { Route } from './+types/privacy';
import { StaticSections } from '../components/StaticSections.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.privacy', path: '/privacy' });

export default function Page() {
  return <StaticSections titleKey="pages.privacy" sectionsKey="privacy.sections" />;
}
