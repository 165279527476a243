// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../testing/data.ts';
import { renderApp } from '../../testing/render.tsx';
import { PublicLayout } from './public-layout.tsx';

function renderPublicPage(user: typeof testUser | null) {
  return renderApp(
    [{ element: <PublicLayout />, children: [{ path: '/admin', element: <p>Page</p> }] }],
    { at: '/admin', user },
  );
}

describe('the public footer', () => {
  it('offers Sign Up / Login to a visitor', async () => {
    renderPublicPage(null);
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Sign Up / Login' }).getAttribute('href')).toBe(
      '/auth',
    );
  });

  it('offers the dashboard, not sign-in, to a signed-in person', async () => {
    renderPublicPage({ ...testUser, isAdmin: true });
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(footer.queryByRole('link', { name: 'Sign Up / Login' })).toBeNull();
  });
});
