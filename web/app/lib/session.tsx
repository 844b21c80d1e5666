import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { COMPANY_ROLES, ROLES, STORAGE_KEYS, type CompanyRole } from '@atelier/contract/pure';
import type { Role, User } from '@atelier/contract';
import type { AnswerOf, CallArgs, JsonName } from '@atelier/contract/endpoints';
import { ApiError, SessionExpiredError, call, warmClient } from './api.ts';
import { storage } from './storage.ts';

export type SessionStatus = 'loading' | 'ready';

interface SessionValue {
  status: SessionStatus;
  user: User | null;
  token: string | null;
  /** True once an authenticated call found no valid session (spec §6 session-expired message). */
  expired: boolean;
  signIn(token: string, user: User): void;
  signOut(): Promise<void>;
  /** Clears the local session without calling the server (token refused by it). */
  expire(): void;
  /** A typed API call with the session token; none, or a refused one, is a session-expired error. */
  api<K extends JsonName>(name: K, ...input: CallArgs<K>): Promise<AnswerOf<K>>;
}

const SessionContext = createContext<SessionValue | null>(null);

function readStoredUser(): User | null {
  const raw = storage.get(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { email, role, company } = value as Record<string, unknown>;
    if (typeof email !== 'string' || !(ROLES as readonly unknown[]).includes(role)) return null;
    // A shop's person: their company and role in it (issue 46), kept when it reads as one.
    const c = company as { id?: unknown; role?: unknown } | undefined;
    const member =
      c && typeof c.id === 'number' && (COMPANY_ROLES as readonly unknown[]).includes(c.role) ? { id: c.id, role: c.role as CompanyRole } : undefined;
    return { email, role: role as Role, ...(member ? { company: member } : {}) };
  } catch {
    return null;
  }
}

export function homeFor(role: Role | undefined): string {
  return role === 'admin' ? '/admin/products' : role === 'agent' ? '/showroom' : '/collection';
}

/**
 * Spec §3–§4: token and user under their own keys. A token without a user
 * fetches /auth/me; a failure clears both. The server render knows no session,
 * so the first client render says "loading" too and hydration matches.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [token, setToken] = useState<string | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [expired, setExpired] = useState(false);

  const clear = useCallback(() => {
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.user);
    setToken(null);
    setUser(null);
  }, []);

  useEffect(() => {
    let cancelled = false;
    const storedToken = storage.get(STORAGE_KEYS.token);
    const storedUser = readStoredUser();
    if (!storedToken) {
      if (storedUser) storage.remove(STORAGE_KEYS.user);
      setStatus('ready');
      return;
    }
    if (storedUser) {
      setToken(storedToken);
      setUser(storedUser);
      setStatus('ready');
      return;
    }
    call('GET /auth/me', undefined, storedToken)
      .then((me) => {
        if (cancelled) return;
        storage.set(STORAGE_KEYS.user, JSON.stringify(me));
        setToken(storedToken);
        setUser(me);
      })
      .catch(() => {
        if (!cancelled) clear();
      })
      .finally(() => {
        if (!cancelled) setStatus('ready');
      });
    return () => {
      cancelled = true;
    };
  }, [clear]);

  // Signed in: the screens will call the API, so its client and schemas load now, after the page.
  useEffect(() => {
    if (token) warmClient();
  }, [token]);

  const signIn = useCallback((newToken: string, newUser: User) => {
    storage.set(STORAGE_KEYS.token, newToken);
    storage.set(STORAGE_KEYS.user, JSON.stringify(newUser));
    setToken(newToken);
    setUser(newUser);
    setExpired(false);
    setStatus('ready');
  }, []);

  const signOut = useCallback(async () => {
    const current = token;
    if (current) {
      // Failure tolerated (§4): the local session is cleared whatever the server says.
      await call('POST /auth/logout', undefined, current).catch(() => undefined);
    }
    clear();
  }, [token, clear]);

  const api = useCallback(
    async <K extends JsonName>(name: K, ...[input]: CallArgs<K>): Promise<AnswerOf<K>> => {
      if (!token) {
        setExpired(true);
        throw new SessionExpiredError('session expired');
      }
      try {
        return await call(name, input, token);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          setExpired(true);
          clear();
          throw new SessionExpiredError('session expired');
        }
        throw error;
      }
    },
    [token, clear],
  );

  const value = useMemo<SessionValue>(
    () => ({ status, user, token, expired, signIn, signOut, expire: clear, api }),
    [status, user, token, expired, signIn, signOut, clear, api],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('no SessionProvider');
  return value;
}
