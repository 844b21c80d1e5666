import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { STORY_CAROUSEL_MS } from '@atelier/contract/pure';
import type { CollectionState } from './CollectionGrid.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { useReducedMotion } from '../lib/motion.ts';

/**
 * §2 story carousel: one slide per product, linking to it; advances every 6 s
 * and wraps; previous/next only with more than one slide; pauses on hover,
 * on focus and under reduced motion.
 */
export function StoryCarousel({ state }: { state: CollectionState }) {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const slides = state.status === 'ready' ? state.products.filter((p) => p.variants[0]?.images[0]) : [];
  const count = slides.length;
  const go = useCallback((delta: number) => setIndex((i) => (count ? (i + delta + count) % count : 0)), [count]);

  useEffect(() => {
    if (reduced || paused || count < 2) return;
    const timer = setInterval(() => go(1), STORY_CAROUSEL_MS);
    return () => clearInterval(timer);
  }, [reduced, paused, count, go]);

  if (state.status === 'loading') return <p role="status">{t('story.carouselLoading')}</p>;
  if (state.status === 'error') return <p role="alert">{state.message}</p>;
  if (count === 0) return <p>{t('story.carouselEmpty')}</p>;

  const current = slides[index % count]!;
  return (
    <section
      className="carousel"
      aria-roledescription={t('story.carousel')}
      aria-label={t('story.carouselLabel')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className="carousel__viewport">
        <Link to={`/collection/${current.id}`} className="carousel__slide" aria-roledescription={t('story.slide')} data-testid="story-slide">
          <ResponsiveImage url={current.variants[0]!.images[0]!} alt="" sizes="(min-width: 60rem) 40vw, 90vw" />
          <span className="carousel__caption">{current.title}</span>
        </Link>
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="carousel__button" onClick={() => go(-1)} aria-label={t('story.previous')}>
            <span aria-hidden="true">←</span>
          </button>
          <span className="carousel__position" aria-live={paused ? 'polite' : 'off'}>
            {t('story.position', { index: (index % count) + 1, count })}
          </span>
          <button type="button" className="carousel__button" onClick={() => go(1)} aria-label={t('story.next')}>
            <span aria-hidden="true">→</span>
          </button>
        </div>
      )}
    </section>
  );
}
