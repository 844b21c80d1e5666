import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { TRUST_CAROUSEL_MS, imageSource } from '@atelier/contract/pure';
import { useReducedMotion } from '../lib/motion.ts';

export interface TrustItem {
  id: string;
  name: string;
  location: string;
  description: string;
  /** A retailer's uploaded logo; the label's own items get a drawn monogram. */
  logo?: string | null;
}

const LOGO_COLOURS = ['#9a4a2c', '#6b6b3f', '#3d4f7a', '#8c5a3c'];

/** A drawn monogram for each shop (no image download). */
function Logo({ name, index }: { name: string; index: number }) {
  const initials = name
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <svg className="trust__logo" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="none" stroke={LOGO_COLOURS[index % LOGO_COLOURS.length]} strokeWidth="2" />
      <text x="32" y="39" textAnchor="middle" fontFamily="Georgia, serif" fontSize="20" fill={LOGO_COLOURS[index % LOGO_COLOURS.length]}>
        {initials}
      </text>
    </svg>
  );
}

/**
 * §2 trust carousel: advances every 6.5 s, stops for good once a dot is
 * picked, and does not advance under reduced motion. Dots are labelled buttons.
 */
export function TrustCarousel({ items }: { items: TrustItem[] }) {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (reduced || stopped || items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), TRUST_CAROUSEL_MS);
    return () => clearInterval(timer);
  }, [reduced, stopped, items.length]);

  const current = items[index];
  if (!current) return null;
  return (
    <section className="trust" aria-roledescription={t('story.carousel')} aria-label={t('retailers.trustLabel')}>
      <h2 className="section-title">{t('retailers.trustTitle')}</h2>
      <figure className="trust__item" data-testid="trust-item">
        {current.logo ? (
          <img className="trust__logo trust__logo--image" src={imageSource(current.logo).src} width={64} height={64} alt="" loading="lazy" decoding="async" />
        ) : (
          <Logo name={current.name} index={index} />
        )}
        <figcaption>
          <strong className="trust__name">{current.name}</strong> · <span>{current.location}</span>
          <p>{current.description}</p>
        </figcaption>
      </figure>
      <div className="trust__dots">
        {items.map((item, i) => (
          <button
            key={item.id}
            type="button"
            className="trust__dot"
            aria-label={t('retailers.showShop', { name: item.name })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => {
              setIndex(i);
              setStopped(true);
            }}
          />
        ))}
      </div>
    </section>
  );
}
