import { useEffect } from 'react';

/**
 * Reads again in `ms` while something the server is finishing is shown as on its way (a parcel's invoice
 * being issued after its commit, issue 56): the screen catches up without a reload.
 */
export function useAgainSoon(waiting: boolean, again: () => void, ms = 1500): void {
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(again, ms);
    return () => clearTimeout(timer);
  }, [waiting, again, ms]);
}
