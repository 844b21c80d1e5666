import { useTranslation } from '../i18n/react.tsx';
import type { Route } from './+types/faq';
import { pageMeta } from '../lib/meta.ts';
import { appContext } from '../context.ts';
import { requestLocale } from '../lib/request.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.faq', path: '/faq' });

/** The owner's questions and size guide (a fresh site starts from the §2 ones). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.get(appContext).pages.texts('faq', requestLocale(request));
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, intro, sizeGuide } = loaderData;
  const columns = ['eu', 'fr', 'bust', 'waist', 'hips', 'equivalence'] as const;
  return (
    <div className="page page--narrow faq">
      <h1 className="page-title">{t('pages.faq')}</h1>
      {intro && <p className="lead">{intro}</p>}
      {/* Every answer open (§2): headings and paragraphs, readable at a glance and by screen readers. */}
      <div className="faq__list">
        {items.map((item, i) => (
          <section key={i} className="faq__item">
            <h2 className="faq__question">{item.q}</h2>
            <p>{item.a}</p>
          </section>
        ))}
      </div>
      <h2 className="section-title" id="size-guide">
        {t('faq.sizeGuideTitle')}
      </h2>
      <div className="table-scroll" role="region" aria-labelledby="size-guide" tabIndex={0}>
        <table className="size-table">
          <caption>{t('faq.sizeGuideCaption')}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {t(`faq.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sizeGuide.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
