import { type Location, Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { useAuth } from '../lib/auth.tsx';

/** Where a guarded page sent the visitor from, so that signing in returns there. */
type FromState = { from?: Location } | null;

/** / and /auth: a signed-in user goes on to the dashboard (or back where the guard sent them from). */
export function GuestOnly() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user || user.isBanned) return <Outlet />;
  const from = (location.state as FromState)?.from;
  const to = from ? `${from.pathname}${from.search}${from.hash}` : paths.dashboard;
  return <Navigate to={to} replace />;
}
