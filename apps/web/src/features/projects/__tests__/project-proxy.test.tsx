// @vitest-environment happy-dom
import { projectSettingsSchema } from '@mocksmith/core/projects';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../testing/fields.ts';
import { projectOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';

async function openSettings(user: ReturnType<typeof renderProjects>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Project settings' }));
  return within(await screen.findByRole('dialog', { name: 'Project settings' }));
}

describe('the real API of a project (partial mocking)', () => {
  it('saves the base URL and recording, and clears them when the URL is emptied', async () => {
    const store = serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const dialog = await openSettings(user);
    const url = dialog.getByLabelText('Real API base URL');
    expect(dialog.queryByRole('switch', { name: 'Record forwarded answers as routes' })).toBeNull();
    await user.type(url, 'https://api.example.com/v1/');
    const record = dialog.getByRole('switch', { name: 'Record forwarded answers as routes' });
    expect(
      dialog.getByText(
        'Each forwarded JSON answer becomes a route with a typed template; recording stops after 100 new routes.',
      ),
    ).toBeTruthy();
    await user.click(record);
    await user.click(dialog.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.calls[0]?.body).toEqual({
      settings: {
        ...projectSettingsSchema.parse({}),
        proxy: { url: 'https://api.example.com/v1', record: true, recordLimit: 100 },
      },
    });

    const again = await openSettings(user);
    const saved = again.getByLabelText('Real API base URL') as HTMLInputElement;
    expect(saved.value).toBe('https://api.example.com/v1');
    await user.clear(saved);
    await user.click(again.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(store.calls).toHaveLength(2));
    expect(store.calls[1]?.body).toEqual({
      settings: { ...projectSettingsSchema.parse({}), proxy: null },
    });
  });

  it('names what is wrong with a URL that is not one, and saves nothing', async () => {
    const store = serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const dialog = await openSettings(user);
    const url = dialog.getByLabelText('Real API base URL');
    await user.type(url, 'https://api.example.com/?key=1');
    expectFieldError(
      url,
      'proxy.url cannot hold a query or a fragment: the call’s own query is forwarded',
    );
    const save = dialog.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(store.calls).toEqual([]);
  });

  it('shows on the project page what recording added, newest first', async () => {
    serveProjects([
      projectOf({
        id: 'shop-id',
        slug: 'shop',
        settings: projectSettingsSchema.parse({
          proxy: {
            url: 'https://api.example.com',
            record: true,
            recordLimit: 2,
            recorded: [
              { method: 'GET', path: '/users/{userId}', at: '2026-11-29T10:00:00.000Z' },
              { method: 'POST', path: '/orders', at: '2026-11-29T10:05:00.000Z' },
            ],
          },
        }),
      }),
    ]);
    renderProjects('/dashboard/projects/shop-id');
    const section = await screen.findByRole('region', { name: 'Recorded from the real API' });
    expect(
      within(section).getByText(
        '2 of at most 2 routes made from forwarded answers: recording has stopped.',
      ),
    ).toBeTruthy();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(/\d/)[0]?.trim())).toEqual([
      'POST /orders',
      'GET /users/{userId}',
    ]);
  });
});
