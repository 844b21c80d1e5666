import { useTranslation } from '../i18n/react.tsx';

/** A screen whose content arrives with a later piece of work: its title, and a sentence. */
export function PagePlaceholder({ titleKey, introKey = 'common.comingSoon' }: { titleKey: string; introKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{t(titleKey)}</h1>
      <p className="lead">{t(introKey)}</p>
    </div>
  );
}
