// @vitest-environment happy-dom
import { MAX_DELAY_MS } from '@mocksmith/core/limits';
import { NETWORK_PRESETS } from '@mocksmith/core/network';
import { projectSettingsSchema } from '@mocksmith/core/projects';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../testing/fields.ts';
import { projectOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';

const slow3g = NETWORK_PRESETS.find((preset) => preset.name === 'Slow 3G');

async function openSettings(user: ReturnType<typeof renderProjects>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Project settings' }));
  return within(await screen.findByRole('dialog', { name: 'Project settings' }));
}

describe('the settings of a project', () => {
  it('saves the overrides switch, replay and a network profile from a preset', async () => {
    if (!slow3g) throw new Error('the presets changed');
    const store = serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const dialog = await openSettings(user);

    const overrides = dialog.getByRole('switch', { name: 'Callers may override answers' });
    expect(overrides.getAttribute('aria-checked')).toBe('true');
    await user.click(overrides);
    const replay = dialog.getByRole('switch', { name: 'Replay' });
    expect(replay.getAttribute('aria-checked')).toBe('false');
    expect(
      dialog.getByText(
        'Draw delays and faults from the project’s seed (POST http://localhost:3000/p/shop/__reset starts again).',
      ),
    ).toBeTruthy();
    await user.click(replay);
    expect((dialog.getByLabelText('Preset') as HTMLSelectElement).value).toBe('none');
    await user.selectOptions(dialog.getByLabelText('Preset'), 'Slow 3G');
    expect(
      dialog.getByRole('img', {
        name: 'Latency distribution, lognormal p50 2 s, p95 4 s: half of calls wait up to 2 s, 95 % up to 4 s',
      }),
    ).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Project settings saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.calls).toEqual([
      {
        method: 'PATCH',
        path: '/backend/projects/shop-id',
        body: {
          settings: {
            ...projectSettingsSchema.parse({}),
            overrides: false,
            replay: true,
            network: slow3g.profile,
          },
        },
      },
    ]);
    // The page shows the profile; the dialog opens again with what was saved.
    expect(await screen.findByText('lognormal p50 2 s, p95 4 s')).toBeTruthy();
    const again = await openSettings(user);
    expect((again.getByLabelText('Preset') as HTMLSelectElement).value).toBe('Slow 3G');
    expect(
      again
        .getByRole('switch', { name: 'Callers may override answers' })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('names a wrong field before saving, and saves None as no profile', async () => {
    if (!slow3g) throw new Error('the presets changed');
    const store = serveProjects([
      projectOf({
        id: 'shop-id',
        settings: { ...projectSettingsSchema.parse({}), network: slow3g.profile },
      }),
    ]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const dialog = await openSettings(user);
    await user.selectOptions(dialog.getByLabelText('Latency'), 'Fixed');
    const delay = dialog.getByLabelText('Delay (ms)');
    await user.clear(delay);
    await user.type(delay, '700000');
    await waitFor(() =>
      expectFieldError(
        delay,
        `ms must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`,
      ),
    );
    expect((dialog.getByLabelText('Preset') as HTMLSelectElement).value).toBe('custom');
    expect(dialog.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);

    await user.selectOptions(dialog.getByLabelText('Preset'), 'None');
    expect(dialog.queryByLabelText('Delay (ms)')).toBeNull();
    expect(dialog.getByText('Calls answer at once: no delay, no faults, no limit.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.calls[0]?.body).toEqual({
      settings: { ...projectSettingsSchema.parse({}), network: null },
    });
  });

  it('requires a token of the collections: the switch makes one, copyable, saved with the settings', async () => {
    const store = serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const dialog = await openSettings(user);
    const toggle = dialog.getByRole('switch', { name: 'Require a token for the collections' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    const shown = dialog.getByText(/^mck_[A-Za-z0-9_-]{40}$/).textContent as string;
    expect(dialog.getByRole('button', { name: 'Copy token' })).toBeTruthy();
    // New token replaces it.
    await user.click(dialog.getByRole('button', { name: 'New token' }));
    const token = dialog.getByText(/^mck_[A-Za-z0-9_-]{40}$/).textContent as string;
    expect(token).not.toBe(shown);
    await user.click(dialog.getByRole('button', { name: 'Save settings' }));
    // Saved when the dialog closes (a toast of an earlier test may show the same words).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.calls).toEqual([
      {
        method: 'PATCH',
        path: '/backend/projects/shop-id',
        body: { settings: { ...projectSettingsSchema.parse({}), authToken: token } },
      },
    ]);
    // Opened again, it is on with the token; turned off, null is saved.
    const again = await openSettings(user);
    const on = again.getByRole('switch', { name: 'Require a token for the collections' });
    expect(on.getAttribute('aria-checked')).toBe('true');
    expect(again.getByText(token)).toBeTruthy();
    await user.click(on);
    await user.click(again.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(store.calls).toHaveLength(2));
    expect(store.calls[1]?.body).toEqual({
      settings: { ...projectSettingsSchema.parse({}), authToken: null },
    });
  });
});

describe('checking calls against the spec', () => {
  it('is off at first, and saves report', async () => {
    const store = serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const dialog = await openSettings(user);
    const group = within(
      dialog.getByRole('group', { name: 'Check calls against the OpenAPI spec' }),
    );
    expect((group.getByRole('radio', { name: /^Off/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(group.getByRole('radio', { name: /^Report/ }));
    await user.click(dialog.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.calls).toEqual([
      {
        method: 'PATCH',
        path: '/backend/projects/shop-id',
        body: { settings: { ...projectSettingsSchema.parse({}), validation: 'report' } },
      },
    ]);
  });
});
