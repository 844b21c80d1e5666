import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useNavigate } from 'react-router';
import type { Role } from '@atelier/contract';
import { homeFor, useSession } from '../lib/session.tsx';

/**
 * Spec §2 "Guard behaviour": a status while the session loads; no session →
 * /login; wrong role → the role's home. The server enforces the same rules on
 * every API call; this only spares the user a useless screen.
 */
export function RequireRole({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const target = status === 'loading' ? null : !user ? '/login' : !roles.includes(user.role) ? homeFor(user.role) : null;
  return (
    <Redirecting target={target} status={status} label={t('common.loadingSession')}>
      {children}
    </Redirecting>
  );
}

/** Navigates once per target (a <Navigate> element would navigate again on every render). */
function Redirecting({ target, status, label, children }: { target: string | null; status: string; label: string; children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (status === 'loading') {
    return (
      <p className="status-message" role="status">
        {label}
      </p>
    );
  }
  return target ? null : <>{children}</>;
}
