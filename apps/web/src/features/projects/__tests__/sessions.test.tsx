// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
