// @vitest-environment happy-dom
import type { SessionUser } from '@mocksmith/core/auth';
import { galleryMessages } from '@mocksmith/core/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { DashboardLayout } from '../../../components/layouts/dashboard-layout.tsx';
import { testUser } from '../../../testing/data.ts';
import { adminReport, adminUser } from '../../../testing/gallery.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { RequireAuth } from '../../require-auth.tsx';
import AdminRoute from '../admin.tsx';

const admin: SessionUser = { ...testUser, isAdmin: true };

function renderAdmin(user: SessionUser = admin) {
  return renderApp([{ path: '/admin', element: <AdminRoute /> }], { at: '/admin', user });
}

/** Records the paths of the POSTs under /backend/admin. */
function recordModeration() {
  const posts: string[] = [];
  server.use(
    http.post(backend('/admin/*'), ({ request }) => {
      posts.push(new URL(request.url).pathname);
      return HttpResponse.json({ ok: true });
    }),
  );
  return posts;
}

describe('the admin page', () => {
  it('is the Page Not Found to anyone the server answers 404', async () => {
    server.use(
      http.get(backend('/admin/reports'), () => errorAnswer(404, 'NOT_FOUND', 'Not found')),
    );
    renderAdmin({ ...testUser });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByText('Admin')).toBeNull();
  });

  it('is the Page Not Found to a visitor', async () => {
    server.use(
      http.get(backend('/admin/reports'), () => errorAnswer(404, 'NOT_FOUND', 'Not found')),
    );
    renderApp([{ path: '/admin', element: <AdminRoute /> }], { at: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('lists the open reports oldest first, as text, with their actions', async () => {
    const newer = adminReport({ createdAt: '2026-02-02T10:00:00.000Z', note: 'spam link' });
    const older = adminReport({
      createdAt: '2026-01-01T10:00:00.000Z',
      reason: 'malware',
      template: {
        ...adminReport().template,
        id: 'tpl-evil',
        name: '<img src=x onerror=alert(1)>',
        description: '<b>desc</b>',
        tags: ['one', 'two'],
        template: '{"a":"<script>1</script>"}',
      },
    });
    const official = adminReport({
      createdAt: '2026-03-01T10:00:00.000Z',
      template: {
        ...adminReport().template,
        name: 'Official One',
        isOfficial: true,
        author: null,
      },
    });
    server.use(
      http.get(backend('/admin/reports'), () =>
        HttpResponse.json({
          reports: [newer, official, older],
          history: [
            {
              id: 'h1',
              action: 'ban',
              admin: 'root',
              target: 'bad@example.test',
              createdAt: '2026-01-03T10:00:00.000Z',
            },
          ],
        }),
      ),
      http.get(backend('/admin/users'), () =>
        HttpResponse.json({ users: [adminUser({ username: 'eve', banned: true })] }),
      ),
    );
    const posts = recordModeration();
    const { user } = renderAdmin();
    const list = await screen.findByRole('list', { name: 'Open reports' });
    const titles = within(list)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(titles).toEqual([older.template.name, newer.template.name, 'Official One']);
    const first = within(within(list).getAllByRole('article')[0]!);
    expect(first.getByText('Malware or harmful links')).toBeTruthy();
    expect(first.getByText('<b>desc</b>')).toBeTruthy();
    expect(first.getByText('one, two')).toBeTruthy();
    expect(first.getByText('{"a":"<script>1</script>"}')).toBeTruthy();
    expect(document.querySelector('main img, img[src="x"], script:not([src]) , b')).toBeNull();
    expect(within(list).getByText('spam link')).toBeTruthy();

    // Official: no Unpublish, no Ban author.
    const officialCard = within(within(list).getAllByRole('article')[2]!);
    expect(officialCard.queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(officialCard.queryByRole('button', { name: 'Ban author' })).toBeNull();
    expect(officialCard.getByText('Official template')).toBeTruthy();

    // Unpublish asks first; Cancel sends nothing.
    await user.click(first.getByRole('button', { name: 'Unpublish' }));
    const unpublish = await screen.findByRole('alertdialog', { name: 'Unpublish this template?' });
    expect(unpublish.textContent).toContain(older.template.name);
    await user.click(within(unpublish).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([]);
    await user.click(first.getByRole('button', { name: 'Unpublish' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unpublish' }),
    );
    expect(await screen.findByText(galleryMessages.unpublished)).toBeTruthy();
    expect(posts).toContain('/backend/admin/templates/tpl-evil/unpublish');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(first.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(posts).toContain(`/backend/admin/reports/${older.id}/dismiss`));

    // Ban asks first.
    await user.click(first.getByRole('button', { name: 'Ban author' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Ban this account?' });
    expect(posts.some((path) => path.endsWith('/ban'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Ban' }));
    await waitFor(() =>
      expect(posts).toContain(`/backend/admin/users/${older.template.author!.id}/ban`),
    );

    // Users: a banned one can be unbanned.
    await user.click(await screen.findByRole('button', { name: 'Unban eve' }));
    await waitFor(() => expect(posts.some((path) => path.endsWith('/unban'))).toBe(true));

    // History: when (the app's date format), who, what.
    const history = within(screen.getByRole('list', { name: 'Moderation history' }));
    expect(history.getByRole('listitem').textContent).toMatch(
      /^03\/01\/2026 \d\d:\d\d root banned bad@example\.test$/,
    );
    expect(first.getByText(/^01\/01\/2026 \d\d:\d\d$/)).toBeTruthy();
  });

  it('disables a reported API after asking, and offers Enable API on a disabled one', async () => {
    const active = adminReport({ template: { ...adminReport().template, name: 'Active one' } });
    const disabled = adminReport({
      template: { ...adminReport().template, id: 'tpl-off', name: 'Off one', disabled: true },
    });
    server.use(
      http.get(backend('/admin/reports'), () =>
        HttpResponse.json({ reports: [active, disabled], history: [] }),
      ),
      http.get(backend('/admin/users'), () => HttpResponse.json({ users: [] })),
    );
    const posts = recordModeration();
    const { user } = renderAdmin();
    const on = within(await screen.findByRole('article', { name: 'Active one' }));
    const off = within(screen.getByRole('article', { name: 'Off one' }));
    expect(off.queryByRole('button', { name: 'Disable API' })).toBeNull();
    expect(off.getByText('Disabled: its URLs answer 403')).toBeTruthy();

    await user.click(on.getByRole('button', { name: 'Disable API' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Disable this API?' });
    expect(posts).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Disable API' }));
    await waitFor(() =>
      expect(posts).toEqual([`/backend/admin/apis/${active.template.id}/disable`]),
    );
    expect(await screen.findByText(galleryMessages.disabled)).toBeTruthy();

    await user.click(off.getByRole('button', { name: 'Enable API' }));
    const reverse = await screen.findByRole('alertdialog', { name: 'Enable this API?' });
    await user.click(within(reverse).getByRole('button', { name: 'Enable API' }));
    await waitFor(() => expect(posts).toContain('/backend/admin/apis/tpl-off/enable'));
  });

  it("offers no ban of the administrator's own account", async () => {
    const mine = adminReport({
      template: {
        ...adminReport().template,
        author: adminUser({ id: admin.userId, username: admin.username }),
      },
    });
    server.use(
      http.get(backend('/admin/reports'), () =>
        HttpResponse.json({ reports: [mine], history: [] }),
      ),
      http.get(backend('/admin/users'), () =>
        HttpResponse.json({
          users: [
            adminUser({ id: admin.userId, username: admin.username, isAdmin: true }),
            adminUser({ username: 'eve' }),
          ],
        }),
      ),
    );
    renderAdmin();
    const card = within(await screen.findByRole('article'));
    expect(card.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Ban author' })).toBeNull();
    const users = within(await screen.findByRole('list', { name: 'Users' }));
    expect(users.getByText(`${admin.username} (admin) (you)`)).toBeTruthy();
    expect(users.queryByRole('button', { name: `Ban ${admin.username}` })).toBeNull();
    expect(users.getByRole('button', { name: 'Ban eve' })).toBeTruthy();
  });

  it('shows the Admin entry of the sidebar only to an administrator', async () => {
    const routes = [
      {
        element: <DashboardLayout />,
        children: [{ path: '/dashboard', element: <p>Dashboard page</p> }],
      },
    ];
    const view = renderApp(routes, { at: '/dashboard', user: admin });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    view.unmount();
    renderApp(routes, { at: '/dashboard', user: testUser });
    const plain = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(plain).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows the Admin entry at the next page of the dashboard once the server says administrator', async () => {
    let answer: SessionUser = testUser;
    server.use(http.get(backend('/user/me'), () => HttpResponse.json<SessionUser>(answer)));
    const page = (text: string) => <p>{text}</p>;
    const { user } = renderApp(
      [
        {
          element: <RequireAuth />,
          children: [
            {
              element: <DashboardLayout />,
              children: [
                { path: '/dashboard', element: page('Dashboard page') },
                { path: '/dashboard/api', element: page('API page') },
              ],
            },
          ],
        },
      ],
      { at: '/dashboard', user: testUser },
    );
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();

    // Made administrator while signed in: the next page shows the entry.
    answer = { ...testUser, isAdmin: true };
    await user.click(within(nav).getByRole('link', { name: 'APIs' }));
    await screen.findByText('API page');
    expect(await within(nav).findByRole('link', { name: 'Admin' })).toBeTruthy();

    // And no longer one: the next page takes it away.
    answer = testUser;
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await screen.findByText('Dashboard page');
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull());
  });
});
