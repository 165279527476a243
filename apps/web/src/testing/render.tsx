import type { SessionUser } from '@mocksmith/core/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { writeStoredUser } from '../lib/stored-user.ts';
import { ThemeProvider } from '../lib/theme-provider.tsx';

/**
 * Renders `routes` in the app's providers (theme, a query client without retries, the session,
 * toasts) in a memory router at `at`, signed in as `user` when given. Returns Testing Library's
 * result, the router (to read where the page went) and a user-event session.
 */
export function renderApp(
  routes: RouteObject[],
  { at = '/', user = null }: { at?: string; user?: SessionUser | null } = {},
) {
  writeStoredUser(user);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const view = render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
        <ToastHost />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router, user: userEvent.setup() };
}
