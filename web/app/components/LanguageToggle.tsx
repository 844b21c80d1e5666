import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';

/** fr/en toggle: a real button naming the other language, in that language (lang attribute for screen readers). */
export function LanguageToggle({ className = 'lang-toggle' }: { className?: string }) {
  const { t } = useTranslation();
  const { lang, toggle } = useLanguage();
  const other = lang === 'fr' ? 'en' : 'fr';
  return (
    <button type="button" className={className} onClick={toggle} lang={other} data-testid="lang-toggle">
      {t('nav.switchTo')}
    </button>
  );
}
