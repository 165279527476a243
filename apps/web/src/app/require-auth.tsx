import { authMessages } from '@mocksmith/core/texts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { meQueryOptions, useAuth } from '../lib/auth.tsx';
import { toast } from '../lib/toast.ts';

/**
 * The login guard of /dashboard/* and /account: nobody signed in, or a banned user, goes to
 * /auth (a banned user's stored user is cleared), and signing in returns to the page; after a
 * deliberate sign-out to a plain /auth, after deleting the account to /. The session is checked
 * with the server on entry; a 401 or 403 there ends it ('Session expired') through the API client.
 */
export function RequireAuth() {
  const { user, endReason, signIn, forget } = useAuth();
  const location = useLocation();
  const banned = user?.isBanned === true;
  const me = useQuery({ ...meQueryOptions(), enabled: user !== null && !banned });

  useEffect(() => {
    if (me.data) signIn(me.data);
  }, [me.data, signIn]);

  useEffect(() => {
    if (!banned) return;
    toast.error(authMessages.suspended, { id: 'session-expired' });
    forget('expired');
  }, [banned, forget]);

  if (user && !banned) return <Outlet />;
  if (endReason === 'deleted') return <Navigate to={paths.home} replace />;
  if (endReason === 'signed-out') return <Navigate to={paths.auth} replace />;
  return <Navigate to={paths.auth} replace state={{ from: location }} />;
}
