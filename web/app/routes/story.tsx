import type { Route } from './+types/story';
import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.story' });

export default function Page() {
  return <PagePlaceholder titleKey="pages.story" />;
}
