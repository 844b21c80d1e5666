import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountListing as Listing } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import { useSession } from '../lib/session.tsx';
import { ListingForm } from './ListingForm.tsx';

/** The stockist's shop on /where-to-buy: opt in or out, public details, logo. */
export function AccountListing() {
  const { t } = useTranslation();
  const { authRequest } = useSession();
  const navigate = useNavigate();
  const [listing, setListing] = useState<Listing | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    authRequest<Listing>('/account/listing')
      .then(setListing)
      .catch(() => setFailed(true));
  }, [authRequest]);

  return (
    <section className="account-listing" aria-label={t('listing.title')}>
      {failed && <p role="alert">{t('listing.loadError')}</p>}
      {!listing && !failed && <p role="status">{t('common.loading')}</p>}
      {listing && (
        <ListingForm
          initial={listing}
          idPrefix="listing"
          uploadPath="/api/account/listing/logo"
          onSessionExpired={() => void navigate('/login', { replace: true })}
          save={(body) => authRequest<Listing>('/account/listing', { method: 'PUT', body })}
        />
      )}
    </section>
  );
}
