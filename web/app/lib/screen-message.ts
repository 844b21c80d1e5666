import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from './api.ts';

export type ScreenMessage = { kind: 'success' | 'error'; text: string } | null;

/**
 * A screen's one message (shown by FormMessage) and `fail`, which turns a failed request into it:
 * the server's sentence, else the screen's own fallback key; an expired session goes to sign-in.
 */
export function useScreenMessage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [message, setMessage] = useState<ScreenMessage>(null);
  const fail = useCallback(
    (error: unknown, key: string) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage({ kind: 'error', text: errorMessage(error, t(key)) });
    },
    [navigate, t],
  );
  return { message, setMessage, fail };
}
