import { useTranslation } from '../i18n/react.tsx';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../lib/meta.ts';

/** Privacy and legal pages: static sections with the brand's details from configuration. */
export function StaticSections({ titleKey, sectionsKey }: { titleKey: string; sectionsKey: string }) {
  const { t } = useTranslation();
  const brand = useRouteLoaderData<RootData>('root')?.brand;
  const values = { entity: brand?.legalEntity ?? '', address: brand?.address ?? '', email: brand?.email ?? '', brand: brand?.name ?? '' };
  const sections = t(sectionsKey, { returnObjects: true, ...values }) as unknown as Array<{ title: string; text: string }>;
  return (
    <div className="page page--narrow static-page">
      <h1 className="page-title">{t(titleKey)}</h1>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}
    </div>
  );
}
