// @vitest-environment happy-dom

import { SESSION_NAME_MESSAGE } from '@mocksmith/core/collections';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { backend } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { projectOf, serveProjects, sessionOf } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';
import { projectTexts } from '../texts.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function shop() {
  return projectOf({ id: 'shop-id', name: 'Shop', slug: 'shop' });
}

/** The rows of the sessions' table, each as its first three cells' text. */
function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Sessions' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent?.trim() ?? ''),
    );
}

describe('the sessions of a project', () => {
  it('lists the shared state, then the sessions with their last use and changed records', async () => {
    serveProjects([shop()], {
      sessions: {
        'shop-id': {
          sharedChanged: 3,
          sessions: [
            sessionOf({ name: 'ci-1', lastUsedAt: minutesAgo(5), changed: 12 }),
            sessionOf({ name: 'alice', lastUsedAt: minutesAgo(60 * 26), changed: 1 }),
          ],
        },
      },
    });
    renderProjects('/dashboard/projects/shop-id');
    const section = await screen.findByRole('region', { name: 'Sessions' });
    await waitFor(() =>
      expect(rows()).toEqual([
        [projectTexts.sharedState, '—', '3 records changed3'],
        ['ci-1', 'Last used 5 minutes ago', '12 records changed12'],
        ['alice', 'Last used 1 day ago', '1 record changed1'],
      ]),
    );
    expect(within(section).queryByText(projectTexts.sessionsEmpty)).toBeNull();
    // The shared state is reset, never deleted.
    expect(within(section).getByRole('button', { name: 'Reset shared state' })).toBeTruthy();
    expect(within(section).getAllByRole('button', { name: /^Delete session/ })).toHaveLength(2);
  });

  it('says how a call picks a session, and that there is none yet', async () => {
    serveProjects([shop()]);
    renderProjects('/dashboard/projects/shop-id');
    const section = await screen.findByRole('region', { name: 'Sessions' });
    expect(await within(section).findByText(projectTexts.sessionsEmpty)).toBeTruthy();
    expect(within(section).getByText('X-Mock-Session: NAME')).toBeTruthy();
    expect(within(section).getByText('POST http://localhost:3000/p/shop/__reset')).toBeTruthy();
  });

  it('resets a session and the shared state, deletes a session, and refreshes', async () => {
    const store = serveProjects([shop()], {
      sessions: {
        'shop-id': {
          sharedChanged: 3,
          sessions: [sessionOf({ name: 'ci-1', lastUsedAt: minutesAgo(5), changed: 12 })],
        },
      },
    });
    const { user } = renderProjects('/dashboard/projects/shop-id');

    await user.click(await screen.findByRole('button', { name: 'Reset session ci-1' }));
    expect(await screen.findByText(projectTexts.sessionReset('ci-1'))).toBeTruthy();
    await waitFor(() => expect(rows()[1]?.[2]).toBe('0 records changed0'));

    await user.click(screen.getByRole('button', { name: 'Reset shared state' }));
    expect(await screen.findByText(projectTexts.sharedReset)).toBeTruthy();
    await waitFor(() => expect(rows()[0]?.[2]).toBe('0 records changed0'));

    await user.click(screen.getByRole('button', { name: 'Delete session ci-1' }));
    expect(await screen.findByText(projectTexts.sessionDeleted('ci-1'))).toBeTruthy();
    expect(await screen.findByText(projectTexts.sessionsEmpty)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sessions' }));

    expect(store.calls).toEqual([
      { method: 'POST', path: '/backend/projects/shop-id/reset', body: { session: 'ci-1' } },
      { method: 'POST', path: '/backend/projects/shop-id/reset', body: {} },
      { method: 'DELETE', path: '/backend/projects/shop-id/sessions/ci-1', body: undefined },
    ]);

    // A session started elsewhere shows on Refresh.
    store.sessions['shop-id']?.sessions.push(sessionOf({ name: 'ci-2', changed: 4 }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(rows().map((row) => row[0])).toContain('ci-2'));
  });

  it('adds a session of the owner’s, keeps one a call started, and marks both as yours', async () => {
    const store = serveProjects([shop()], {
      sessions: {
        'shop-id': {
          sharedChanged: 0,
          sessions: [sessionOf({ name: 'stranger', changed: 2 })],
        },
      },
    });
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const section = await screen.findByRole('region', { name: 'Sessions' });
    expect(await within(section).findByText(projectTexts.sessionsOwnLine)).toBeTruthy();
    const form = within(section).getByRole('form', { name: 'Add a session' });

    // A name no call could send is refused beside the field, before any call.
    await user.type(within(form).getByLabelText('Session name'), 'ci main');
    await user.click(within(form).getByRole('button', { name: 'Add session' }));
    expect(await within(form).findByText(SESSION_NAME_MESSAGE)).toBeTruthy();
    await user.clear(within(form).getByLabelText('Session name'));
    await user.type(within(form).getByLabelText('Session name'), 'ci-main');
    await user.click(within(form).getByRole('button', { name: 'Add session' }));
    expect(await screen.findByText(projectTexts.sessionKept('ci-main'))).toBeTruthy();
    await waitFor(() => expect(rows()[1]?.[0]).toBe(`ci-main${projectTexts.sessionYours}`));
    expect((within(form).getByLabelText('Session name') as HTMLInputElement).value).toBe('');
    // The owner's own session offers no Keep; the stranger's does.
    expect(within(section).queryByRole('button', { name: 'Keep session ci-main' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Keep session stranger' }));
    expect(await screen.findByText(projectTexts.sessionKept('stranger'))).toBeTruthy();
    await waitFor(() =>
      expect(rows().map((row) => row[0])).toEqual([
        projectTexts.sharedState,
        `ci-main${projectTexts.sessionYours}`,
        `stranger${projectTexts.sessionYours}`,
      ]),
    );
    expect(store.calls).toEqual([
      { method: 'POST', path: '/backend/projects/shop-id/sessions', body: { name: 'ci-main' } },
      { method: 'POST', path: '/backend/projects/shop-id/sessions', body: { name: 'stranger' } },
    ]);
  });

  it('keeps a row busy while its reset runs, also when the page is left and opened again', async () => {
    const store = serveProjects([shop()], {
      sessions: {
        'shop-id': {
          sharedChanged: 0,
          sessions: [sessionOf({ name: 'ci-1', lastUsedAt: minutesAgo(5), changed: 12 })],
        },
      },
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const resets: unknown[] = [];
    server.use(
      http.post(backend('/projects/shop-id/reset'), async ({ request }) => {
        resets.push(await request.json());
        await held;
        const session = store.sessions['shop-id']?.sessions[0];
        if (session) session.changed = 0;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderProjects('/dashboard/projects/shop-id');
    const button = () => screen.getByRole('button', { name: 'Reset session ci-1' });

    await user.click(await screen.findByRole('button', { name: 'Reset session ci-1' }));
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBe('true'));
    // The other rows stay free.
    expect(
      screen.getByRole('button', { name: 'Reset shared state' }).hasAttribute('aria-busy'),
    ).toBe(false);
    await user.click(button());

    await router.navigate('/dashboard/projects');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sessions' })).toBeNull());
    await router.navigate('/dashboard/projects/shop-id');
    await screen.findByRole('button', { name: 'Reset session ci-1' });
    expect(button().getAttribute('aria-busy')).toBe('true');
    await user.click(button());
    expect(resets).toEqual([{ session: 'ci-1' }]);

    release();
    await waitFor(() => expect(button().hasAttribute('aria-busy')).toBe(false));
    await waitFor(() => expect(rows()[1]?.[2]).toBe('0 records changed0'));
  });
});
