import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';

/** The consent sentence with links to /privacy and /legal (§2 retailers form). */
export function ConsentLabel() {
  const { t } = useTranslation();
  return (
    <>
      {t('forms.consentBefore')}
      <Link to="/privacy" target="_blank">
        {t('forms.privacyLink')}
      </Link>
      {t('forms.and')}
      <Link to="/legal" target="_blank">
        {t('forms.legalLink')}
      </Link>
      {t('forms.consentAfter')}
    </>
  );
}
