/**
 * Collections as a person uses them (issue 29): turn a route's template into a collection with
 * Make collection, add a record from the Test panel in a session of their own, see it listed
 * there (and not in the shared state), then reset the session from the project page and find the
 * seeded records again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { createProject } from './projects.ts';

/** Sends one call from the collection's Test panel; its status line and body. */
async function send(
  page: Page,
  call: { method: string; path: string; session: string; body?: string },
): Promise<{ status: string; body: string }> {
  const dialog = page.getByRole('dialog', { name: 'Test collection' });
  await dialog.getByLabel('Method', { exact: true }).selectOption(call.method);
  await dialog.getByLabel('Path', { exact: true }).fill(call.path);
  await dialog.getByLabel('Session', { exact: true }).fill(call.session);
  if (call.body !== undefined) await dialog.getByLabel('Body (JSON)').fill(call.body);
  const answer = dialog.getByRole('region', { name: 'Response' });
  const before = (await answer.count()) > 0 ? await answer.locator('pre').textContent() : null;
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await answer.waitFor();
  // The answer of this call, not the one before it.
  await expect
    .poll(async () => (await answer.locator('pre').textContent()) !== before || before === null)
    .toBe(true);
  await dialog
    .getByRole('button', { name: 'Send', exact: true })
    .and(page.locator(':enabled'))
    .waitFor();
  return {
    status: (await answer.getByTestId('test-status').textContent()) ?? '',
    body: (await answer.locator('pre').textContent()) ?? '',
  };
}

describe.skipIf(!chromiumPath)('a collection in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    const email = newAddress('collections');
    await registerAndVerify(browser.page, 'Colin Collection', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  it('makes a collection from a route, adds a record in a session, lists it, resets the session', async () => {
    const { page } = browser;
    const project = await createProject(page, 'Collections (e2e)', [
      {
        method: 'GET',
        path: '/users/{id}',
        name: 'One user',
        responses: [
          {
            name: 'ok',
            template: JSON.stringify({
              id: 'number',
              name: 'string.name.fullname',
              email: 'email',
            }),
          },
        ],
      },
    ]);
    await page.goto(`/dashboard/projects/${project.id}`);
    await page.getByRole('heading', { name: 'Collections (e2e)', level: 1 }).waitFor();

    // Make collection: the route's record template, at /users, the route replaced.
    await page.getByRole('button', { name: 'Make collection GET /users/{id}' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('users');
    expect(await dialog.getByLabel('Path', { exact: true }).inputValue()).toBe('/users');
    await dialog.getByLabel('Records to start with').fill('5');
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await expectToast(page, 'Collection users created');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Test collection users' }).waitFor();
    await page.getByRole('button', { name: 'Make collection GET /users/{id}' }).waitFor({
      state: 'detached',
    });

    // In session e2e-1: add Ada, then find her in the list of 6.
    await page.getByRole('button', { name: 'Test collection users' }).click();
    const added = await send(page, {
      method: 'POST',
      path: '/users',
      session: 'e2e-1',
      body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    });
    expect(added.status).toBe('201 Created');
    expect(JSON.parse(added.body)).toEqual({
      id: 6,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    const listed = await send(page, { method: 'GET', path: '/users', session: 'e2e-1' });
    expect(listed.status).toBe('200 OK');
    const users = JSON.parse(listed.body) as { id: number; name: string }[];
    expect(users.map((user) => user.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(users[5]?.name).toBe('Ada Lovelace');
    // The shared state never saw her.
    const shared = await send(page, { method: 'GET', path: '/users', session: '' });
    expect((JSON.parse(shared.body) as unknown[]).length).toBe(5);
    await page.keyboard.press('Escape');

    // The session is listed with its one change; Reset restores the seeded records.
    const row = page.getByRole('row', { name: 'e2e-1' });
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/1/);
    await page.getByRole('button', { name: 'Reset session e2e-1' }).click();
    await expectToast(page, 'Session e2e-1 reset');
    const live = await fetch(`${project.baseUrl}/users`, {
      headers: { 'X-Mock-Session': 'e2e-1' },
    });
    expect(live.status).toBe(200);
    expect(live.headers.get('x-total-count')).toBe('5');
    expect(((await live.json()) as { name: string }[]).some((u) => u.name === 'Ada Lovelace')).toBe(
      false,
    );
  });

  it('requires a token of a collection and of the project, and keeps a session of the owner’s', async () => {
    const { page } = browser;
    const project = await createProject(page, 'Sandboxes (e2e)', [
      {
        method: 'GET',
        path: '/notes/{id}',
        name: 'One note',
        responses: [{ name: 'ok', template: JSON.stringify({ id: 'number', text: 'string' }) }],
      },
    ]);
    await page.goto(`/dashboard/projects/${project.id}`);
    await page.getByRole('heading', { name: 'Sandboxes (e2e)', level: 1 }).waitFor();

    // The collection's own token, made by its switch.
    await page.getByRole('button', { name: 'Make collection GET /notes/{id}' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByLabel('Records to start with').fill('3');
    await dialog.getByRole('switch', { name: 'Require a token' }).click();
    const notesToken = (await dialog.getByText(/^mck_[A-Za-z0-9_-]{40}$/).textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Copy token' }).waitFor();
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await expectToast(page, 'Collection notes created');
    await dialog.waitFor({ state: 'detached' });
    const live = (path: string, token?: string, method = 'GET') =>
      fetch(`${project.baseUrl}${path}`, {
        method,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    const bare = await live('/notes');
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer realm="mocksmith"');
    expect((await live('/notes', notesToken)).status).toBe(200);

    // The project's token, from its settings: the collection takes either, the reset the project's.
    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    await settings.getByRole('switch', { name: 'Require a token for the collections' }).click();
    const projectToken = (await settings.getByText(/^mck_[A-Za-z0-9_-]{40}$/).textContent()) ?? '';
    expect(projectToken).not.toBe(notesToken);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Project settings saved');
    expect((await live('/notes', projectToken)).status).toBe(200);
    expect((await live('/notes', notesToken)).status).toBe(200);
    expect((await live('/__reset', undefined, 'POST')).status).toBe(401);
    expect((await live('/__reset', notesToken, 'POST')).status).toBe(401);
    expect((await live('/__reset', projectToken, 'POST')).status).toBe(204);

    // A session added on the page is the owner's.
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByLabel('Session name').fill('ci-main');
    await sessions.getByRole('button', { name: 'Add session' }).click();
    await expectToast(page, 'Session ci-main is yours');
    const row = page.getByRole('row', { name: 'ci-main' });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Yours');

    // The Test panel sends the token: a note added in a session it starts.
    await page.getByRole('button', { name: 'Test collection notes' }).click();
    const panel = page.getByRole('dialog', { name: 'Test collection' });
    expect(
      await panel
        .getByRole('switch', { name: 'Send the bearer token' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    const added = await send(page, {
      method: 'POST',
      path: '/notes',
      session: 'panel-1',
      body: JSON.stringify({ text: 'kept' }),
    });
    expect(added.status).toBe('201 Created');
    await page.keyboard.press('Escape');
    const panelRow = page.getByRole('row', { name: 'panel-1' });
    await expect.poll(async () => (await panelRow.textContent()) ?? '').toContain('Yours');
  });
});
