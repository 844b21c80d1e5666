import { useTranslation } from '../i18n/react.tsx';
import type { Route } from './+types/faq';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.faq', path: '/faq' });

/** §2 size guide, exactly as the specification gives it. */
export const SIZE_GUIDE = [
  ['34', '36', '80-84', '62-66', '86-90', 'XS'],
  ['36', '38', '84-88', '66-70', '90-94', 'S'],
  ['38', '40', '88-92', '70-74', '94-98', 'M'],
  ['40', '42', '92-96', '74-78', '98-102', 'L'],
  ['42', '44', '96-100', '78-82', '102-106', 'XL'],
  ['44', '46', '100-106', '82-88', '106-112', 'XXL'],
] as const;

export default function Faq() {
  const { t } = useTranslation();
  const items = t('faq.items', { returnObjects: true }) as unknown as Array<{ q: string; a: string }>;
  const columns = ['eu', 'fr', 'bust', 'waist', 'hips', 'equivalence'] as const;
  return (
    <div className="page page--narrow faq">
      <h1 className="page-title">{t('pages.faq')}</h1>
      <p className="lead">{t('faq.intro')}</p>
      {/* All ten answers open (§2): headings and paragraphs, readable at a glance and by screen readers. */}
      <div className="faq__list">
        {items.map((item) => (
          <section key={item.q} className="faq__item">
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
            {SIZE_GUIDE.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i}>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
