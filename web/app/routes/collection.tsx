import type { Route } from './+types/collection';
import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.collection' });

export default function Page() {
  return <PagePlaceholder titleKey="pages.collection" introKey="collection.intro" />;
}
