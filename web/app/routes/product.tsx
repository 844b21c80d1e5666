import type { Route } from './+types/product';
import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { pageMeta } from '../lib/meta.ts';

// The product page proper (states, gallery, prices for signed-in stockists) is the "Collection" work.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.product', noindex: true });

export default function Page() {
  return <PagePlaceholder titleKey="pages.product" />;
}
