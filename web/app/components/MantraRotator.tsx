import { useEffect, useState } from 'react';
import { MANTRA_DISPLAY_MS, MANTRA_FADE_MS } from '@atelier/contract/pure';
import { useReducedMotion } from '../lib/motion.ts';

/** §2: each mantra shown 4000 ms with an 800 ms fade, cycling; still under reduced motion. */
export function MantraRotator({ mantras }: { mantras: string[] }) {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    // Still: the mantra shown, even if motion was reduced in the middle of a fade (its timer is cleared below).
    if (reduced || mantras.length < 2) return void setVisible(true);
    let fade: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setVisible(false);
      fade = setTimeout(() => {
        setIndex((i) => (i + 1) % mantras.length);
        setVisible(true);
      }, MANTRA_FADE_MS);
    }, MANTRA_DISPLAY_MS);
    return () => {
      clearInterval(timer);
      if (fade) clearTimeout(fade);
    };
  }, [reduced, mantras.length]);

  return (
    <p className="hero__mantra" data-testid="mantra" style={{ opacity: visible ? 1 : 0, transitionDuration: `${MANTRA_FADE_MS}ms` }}>
      {mantras[index % mantras.length]}
    </p>
  );
}
