// @vitest-environment happy-dom
import type { SessionUser } from '@mocksmith/core/auth';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/data.ts';
import { backend } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { RequireAuth } from '../../require-auth.tsx';
import DashboardRoute from '../dashboard.tsx';

/** The dashboard for `user`, whom the server's `GET /backend/user/me` answers too. */
function renderDashboard(user: SessionUser) {
  server.use(http.get(backend('/user/me'), () => HttpResponse.json<SessionUser>(user)));
  return renderApp(
    [{ element: <RequireAuth />, children: [{ path: '/dashboard', element: <DashboardRoute /> }] }],
    { at: '/dashboard', user },
  );
}

describe('the dashboard', () => {
  it('welcomes a first sign-in, and welcomes back the later ones', async () => {
    const first = renderDashboard({ ...testUser, firstSignIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeTruthy();
    first.unmount();

    const later = renderDashboard({ ...testUser, firstSignIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' }),
    ).toBeTruthy();
    later.unmount();

    // A user stored before the server said which sign-in it was: welcomed back, as before.
    renderDashboard(testUser);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' }),
    ).toBeTruthy();
  });

  it('points its Quick Start Guide at projects and what goes with them', async () => {
    renderDashboard(testUser);
    const guide = await screen.findByRole('region', { name: 'Quick Start Guide' });
    const links = Object.fromEntries(
      within(guide)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(links).toMatchObject({
      project: '/dashboard/projects',
      'collections and sessions': '/dashboard/documentation/collections',
      rules: '/dashboard/documentation/rules',
      'request inspector': '/dashboard/documentation/inspector',
      'API keys': '/dashboard/documentation/api-keys',
    });
  });
});
