import { useCallback, useState } from 'react';

/**
 * A form's work against the API: `busy` while it runs (the form's fields and buttons wait), and a failure
 * said with the screen's message (`fail` with the sentence's key). One place for what every action repeats.
 */
export function useBusy(fail: (error: unknown, key: string) => void) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (errorKey: string, work: () => Promise<void>) => {
      setBusy(true);
      try {
        await work();
      } catch (error) {
        fail(error, errorKey);
      } finally {
        setBusy(false);
      }
    },
    [fail],
  );
  return { busy, run };
}
