// @vitest-environment happy-dom
import {
  type ApiKey,
  apiKeyMessages,
  type CreatedApiKey,
  createApiKeyInputSchema,
} from '@mocksmith/core/keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/data.ts';
import { expectFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { type ReceivedCall, server } from '../../../testing/server.ts';
import { ApiKeysCard } from './api-keys-card.tsx';

const NEW_KEY = `mks_${'n'.repeat(43)}`;

const ciKey: ApiKey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'GitHub Actions',
  prefix: 'mks_ab12cd34',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: '2026-03-02T08:30:00.000Z',
};
const unusedKey: ApiKey = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Nightly import',
  prefix: 'mks_ef56gh78',
  createdAt: '2026-03-03T10:00:00.000Z',
  lastUsedAt: null,
};

/**
 * The keys' calls over a list in memory, as the server answers them (the key whole in the
 * creation's answer only); every write recorded in `calls`.
 */
function serveKeys(initial: ApiKey[]) {
  const keys = [...initial];
  const calls: ReceivedCall[] = [];
  server.use(
    http.get(backend('/user/keys'), () => HttpResponse.json(keys)),
    http.post(backend('/user/keys'), async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: new URL(request.url).pathname, body });
      const { name } = createApiKeyInputSchema.parse(body);
      const created: CreatedApiKey = {
        id: '33333333-3333-4333-8333-333333333333',
        name,
        prefix: NEW_KEY.slice(0, 12),
        key: NEW_KEY,
        createdAt: '2026-03-04T10:00:00.000Z',
      };
      const { key: _shownOnce, ...listed } = created;
      keys.unshift({ ...listed, lastUsedAt: null });
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(backend('/user/keys/:id'), ({ params, request }) => {
      calls.push({ method: 'DELETE', path: new URL(request.url).pathname, body: undefined });
      const index = keys.findIndex((key) => key.id === params.id);
      if (index === -1) return errorAnswer(404, 'NOT_FOUND', apiKeyMessages.notFound);
      keys.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { keys, calls };
}

function renderCard() {
  return renderApp(
    [
      { path: '/account', element: <ApiKeysCard /> },
      { path: '/auth', element: <h1>Login page</h1> },
    ],
    { at: '/account', user: testUser },
  );
}

async function findCard() {
  return within(await screen.findByRole('region', { name: 'API keys' }));
}

describe('the API keys card', () => {
  it('lists each key by name and first characters, when it was made and last used', async () => {
    serveKeys([ciKey, unusedKey]);
    renderCard();
    const card = await findCard();
    const list = await card.findByRole('list', { name: 'API keys' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'GitHub Actions',
      'Nightly import',
    ]);

    const ci = within(rows[0]!);
    expect(ci.getByText('mks_ab12cd34…')).toBeTruthy();
    expect(ci.getByText('Created 01/03/2026')).toBeTruthy();
    expect(ci.getByText(/^Last used 02\/03\/2026 \d\d:\d\d$/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Never used')).toBeTruthy();
    expect(ci.getByRole('button', { name: 'Revoke GitHub Actions' })).toBeTruthy();
  });

  it('says when there is no key yet', async () => {
    serveKeys([]);
    renderCard();
    const card = await findCard();
    expect(await card.findByText('No API keys yet.')).toBeTruthy();
  });

  it('says why the list could not load', async () => {
    server.use(
      http.get(backend('/user/keys'), () => errorAnswer(500, 'INTERNAL_ERROR', 'Something broke')),
    );
    renderCard();
    const card = await findCard();
    expect((await card.findByRole('alert')).textContent).toBe(
      'Could not load your API keys: Something broke',
    );
  });

  it('creates a key and shows it once with Copy; closed, it is gone and the list has its prefix', async () => {
    const { calls } = serveKeys([ciKey]);
    const { user } = renderCard();
    const card = await findCard();
    await card.findByRole('list', { name: 'API keys' });
    await user.click(card.getByRole('button', { name: 'New key' }));

    const form = within(await screen.findByRole('dialog', { name: 'New API key' }));
    const name = form.getByLabelText('Name');
    await user.click(form.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expectFieldError(name, 'name is required'));
    expect(calls).toEqual([]);

    await user.type(name, 'Deploy bot');
    await user.click(form.getByRole('button', { name: 'Create key' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Your new API key' }));
    expect(calls.map((call) => call.body)).toEqual([{ name: 'Deploy bot' }]);
    expect(shown.getByText('Copy this key now: it is shown only once.')).toBeTruthy();
    expect((shown.getByLabelText('The new API key') as HTMLInputElement).value).toBe(NEW_KEY);

    // The page's clipboard (user-event's stand-in) is only for secure pages.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    await user.click(shown.getByRole('button', { name: 'Copy the key' }));
    expect(await shown.findByText('Copied to clipboard!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);

    // A click outside (past the page's pointer-events: none while a dialog is open) does not
    // lose the key.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(document.body);
    expect(screen.getByRole('dialog', { name: 'Your new API key' })).toBeTruthy();

    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(NEW_KEY);
    expect(screen.queryByDisplayValue(NEW_KEY)).toBeNull();
    const row = await card.findByRole('listitem', { name: 'Deploy bot' });
    expect(within(row).getByText(`${NEW_KEY.slice(0, 12)}…`)).toBeTruthy();

    // Opened again, the dialog asks for a name: the key is not kept anywhere.
    await user.click(card.getByRole('button', { name: 'New key' }));
    const again = within(await screen.findByRole('dialog', { name: 'New API key' }));
    expect((again.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows the refusal of a key past the limit, and stays signed in', async () => {
    serveKeys([ciKey]);
    server.use(
      http.post(backend('/user/keys'), () =>
        errorAnswer(403, 'FORBIDDEN', apiKeyMessages.limitReached),
      ),
    );
    const { user, router } = renderCard();
    const card = await findCard();
    await user.click(card.getByRole('button', { name: 'New key' }));
    const form = within(await screen.findByRole('dialog', { name: 'New API key' }));
    await user.type(form.getByLabelText('Name'), 'One too many');
    await user.click(form.getByRole('button', { name: 'Create key' }));

    expect(await form.findByText(apiKeyMessages.limitReached)).toBeTruthy();
    expect(await screen.findByText('Failed to create the API key')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('revokes a key after the confirmation', async () => {
    const { calls } = serveKeys([ciKey, unusedKey]);
    const { user } = renderCard();
    const card = await findCard();
    await user.click(await card.findByRole('button', { name: 'Revoke GitHub Actions' }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke this key?' }));
    expect(
      dialog.getByText(
        'Calls made with "GitHub Actions" (mks_ab12cd34…) will be refused from now on. This cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(card.getByRole('button', { name: 'Revoke GitHub Actions' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Revoke this key?' }));
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));

    expect(
      await screen.findByText(
        'The key "GitHub Actions" is revoked: calls with it are refused now.',
      ),
    ).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /backend/user/keys/${ciKey.id}`,
    ]);
    await waitFor(() =>
      expect(card.queryByRole('listitem', { name: 'GitHub Actions' })).toBeNull(),
    );
    expect(card.getByRole('listitem', { name: 'Nightly import' })).toBeTruthy();
  });

  it('says when a revoke fails, and keeps the key listed', async () => {
    serveKeys([ciKey]);
    server.use(
      http.delete(backend('/user/keys/:id'), () =>
        errorAnswer(404, 'NOT_FOUND', apiKeyMessages.notFound),
      ),
    );
    const { user } = renderCard();
    const card = await findCard();
    await user.click(await card.findByRole('button', { name: 'Revoke GitHub Actions' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Failed to revoke the API key')).toBeTruthy();
    expect(await screen.findByText(apiKeyMessages.notFound)).toBeTruthy();
    expect(card.getByRole('listitem', { name: 'GitHub Actions' })).toBeTruthy();
  });
});
