import type { SessionUser } from '@mocksmith/core/auth';
import { ErrorCode } from '@mocksmith/core/errors';
import { authMessages } from '@mocksmith/core/texts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { apiPaths } from '../config/paths.ts';
import { type ApiError, apiGet, apiPost, onSessionExpired } from './api-client.ts';
import { rendersPrerenderedHtml } from './hydration.ts';
import {
  loadStoredUser,
  readStoredUser,
  USER_STORAGE_KEY,
  writeStoredUser,
} from './stored-user.ts';
import { toast } from './toast.ts';

/** Spec: the toast after a protected call answered 401 or 403. */
export const SESSION_EXPIRED = 'Session expired';

/** `GET /backend/user/me`: the session's user; 401 without a session, 403 when banned. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'me'],
    queryFn: () => apiGet<SessionUser>(`${apiPaths.backend}/user/me`, { auth: true }),
    retry: false,
    staleTime: 0,
  });

/** `POST /backend/user/logout`: ends the session on the server and clears its cookie. */
export function logout(): Promise<unknown> {
  return apiPost(`${apiPaths.backend}/user/logout`);
}

/**
 * Signs out: ends the session on the server, then forgets the user and every cached answer,
 * whether the call succeeded or not (the user asked to leave).
 */
export function useLogout() {
  const { forget } = useAuth();
  return useMutation({ mutationFn: logout, onSettled: () => forget('signed-out') });
}

/**
 * Why nobody is signed in any more: the user signed out, deleted the account, or the session
 * ended on the server. The login guard sends each to its own page.
 */
export type EndReason = 'signed-out' | 'deleted' | 'expired';

type AuthContextValue = {
  /** The signed-in user as stored under the local-storage key `user`, or null. */
  user: SessionUser | null;
  /** Why the last session ended in this tab, or null while signed in or never signed in. */
  endReason: EndReason | null;
  /** Stores the user a sign-in answered (or a fresher copy of the same user). */
  signIn: (user: SessionUser) => void;
  /** Forgets the user and every cached answer without calling the server. */
  forget: (reason: EndReason) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

function sameUser(a: SessionUser | null, b: SessionUser | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Holds the signed-in user (spec section 4: authenticated when a stored user exists). A protected
 * call answered 401 or 403 forgets the user with 'Session expired', or with the suspended-account
 * text when the answer says the account is banned; the login guard then sends the page to /auth.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A prerendered page is rendered for a visitor; a stored user is taken once it is hydrated.
  const [user, setUser] = useState<SessionUser | null>(() =>
    rendersPrerenderedHtml() ? null : readStoredUser(),
  );
  const [endReason, setEndReason] = useState<EndReason | null>(null);
  // Kept in step by `apply`, the only way the user changes.
  const userRef = useRef(user);

  /**
   * Makes `next` the user; `store` false when it was read from storage (another tab), `reason`
   * why a session ended.
   */
  const apply = useCallback(
    (next: SessionUser | null, store: boolean, reason: EndReason = 'expired') => {
      if (sameUser(userRef.current, next)) return;
      setEndReason(next ? null : reason);
      // A new user (or nobody) must not see the cached answers of the previous one. For a new
      // user they are reset, so that what is on screen loads again for them (a cleared query
      // drops its fetch in silence: a widget waiting for it would wait for ever); for nobody
      // they are cleared (nothing is to be asked again for nobody).
      if (userRef.current?.userId !== next?.userId) {
        if (next) void queryClient.resetQueries();
        else queryClient.clear();
      }
      userRef.current = next;
      if (store) writeStoredUser(next);
      setUser(next);
    },
    [queryClient],
  );

  useEffect(
    () =>
      onSessionExpired((error: ApiError) => {
        if (!userRef.current) return;
        const banned = error.code === ErrorCode.ACCOUNT_BANNED;
        toast.error(banned ? authMessages.suspended : SESSION_EXPIRED, { id: 'session-expired' });
        apply(null, true, 'expired');
      }),
    [apply],
  );

  // The stored user, checked (at once when main.tsx has checked it, else when its schema loads);
  // signing in or out in another tab applies here too.
  useEffect(() => {
    const applyStored = () => void loadStoredUser().then(() => apply(readStoredUser(), false));
    applyStored();
    function handleStorage(event: StorageEvent) {
      if (event.key === USER_STORAGE_KEY || event.key === null) applyStored();
    }
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [apply]);

  // The actions keep their identity while the user changes, so effects may depend on them.
  const actions = useMemo(
    () => ({
      signIn: (next: SessionUser) => apply(next, true),
      forget: (reason: EndReason) => apply(null, true, reason),
    }),
    [apply],
  );
  const value = useMemo<AuthContextValue>(
    () => ({ user, endReason, ...actions }),
    [user, endReason, actions],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The signed-in user and the sign-in actions; only inside AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
