import { useEffect, useState } from 'react';
import type { Season } from '@atelier/contract';
import { formatDay } from '@atelier/contract/pure';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { useSession } from '../lib/session.tsx';
import { LineSheetDownload } from './LineSheetDownload.tsx';
import { deliveryText } from './OrderView.tsx';

/**
 * The open and upcoming seasons on the account page: when pre-orders close (or open), the
 * delivery windows, and each season's line sheet. Nothing on a site without seasons.
 */
export function OpenSeasons() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [seasons, setSeasons] = useState<Season[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    api('GET /wholesale/seasons', { lang })
      .then((res) => !cancelled && setSeasons(res.data))
      .catch(() => !cancelled && setSeasons([]));
    return () => {
      cancelled = true;
    };
  }, [api, lang]);

  if (seasons === null || seasons.length === 0) return null;
  return (
    <section className="seasons" aria-labelledby="seasons-title" data-testid="open-seasons">
      <h2 id="seasons-title" className="section-title section-title--small">
        {t('seasons.title')}
      </h2>
      <ul className="seasons__list">
        {seasons.map((s) => (
          <li key={s.id} className="seasons__item" data-testid="open-season">
            <p className="seasons__when">
              <strong>
                {s.state === 'upcoming'
                  ? t('seasons.opens', { name: s.name, date: formatDay(s.ordersOpen, lang) })
                  : s.ordersClose
                    ? t('seasons.closes', { name: s.name, date: formatDay(s.ordersClose, lang) })
                    : t('seasons.noEnd', { name: s.name })}
              </strong>
            </p>
            {s.deliveries.length > 0 && (
              <p className="seasons__deliveries">{t('seasons.deliveries', { list: s.deliveries.map((d) => deliveryText(d, t, lang)).join(' ; ') })}</p>
            )}
            <LineSheetDownload headingLevel={3} season={{ code: s.code, name: s.name }} text={false} testId="season-linesheet" />
          </li>
        ))}
      </ul>
    </section>
  );
}
