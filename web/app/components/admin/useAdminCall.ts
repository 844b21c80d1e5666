import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';

/** A form's outcome, announced under it. */
export type Message = { kind: 'success' | 'error'; text: string } | null;

/** Calls with the session; a refused session goes to /login (which says it expired). */
export function useAdminCall() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    async <T>(fn: () => Promise<T>, fallbackKey: string, onError: (text: string) => void): Promise<T | undefined> => {
      try {
        return await fn();
      } catch (error) {
        if (error instanceof SessionExpiredError) {
          navigate('/login', { replace: true });
          return undefined;
        }
        onError(errorMessage(error, t(fallbackKey)));
        return undefined;
      }
    },
    [navigate, t],
  );
}
