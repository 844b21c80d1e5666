import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountListing as Listing } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { useSession } from '../lib/session.tsx';
import { ListingForm } from './ListingForm.tsx';

/** The retailer's shop on /where-to-buy: opt in or out, public details, logo. */
export function AccountListing() {
  const { t } = useTranslation();
  const { api } = useSession();
  const navigate = useNavigate();
  const [listing, setListing] = useState<Listing | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api('GET /account/listing')
      .then(setListing)
      .catch(() => setFailed(true));
  }, [api]);

  return (
    <section className="account-listing" aria-label={t('listing.title')}>
      {failed && <p role="alert">{t('listing.loadError')}</p>}
      {!listing && !failed && <p role="status">{t('common.loading')}</p>}
      {listing && (
        <ListingForm
          initial={listing}
          idPrefix="listing"
          uploadTo="POST /account/listing/logo"
          onSessionExpired={() => void navigate('/login', { replace: true })}
          save={(body) => api('PUT /account/listing', { body })}
        />
      )}
    </section>
  );
}
