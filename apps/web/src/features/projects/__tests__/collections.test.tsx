// @vitest-environment happy-dom
import { messages } from '@mocksmith/core/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { collectionOf, projectOf, routeOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';
import { projectTexts } from '../texts.ts';

type Session = ReturnType<typeof renderProjects>['user'];

async function setText(user: Session, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

function shop(routes = [routeOf({ path: '/health' })]) {
  return projectOf({ id: 'shop-id', name: 'Shop', slug: 'shop', routes });
}

/** The rows of the collections' table, each as its first four cells' text. */
function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Collections' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent?.trim() ?? ''),
    );
}

/** What the live URLs of the shop received. */
interface Received {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

function serveLive(answer: () => Response): Received[] {
  const received: Received[] = [];
  server.use(
    http.all('http://localhost:3000/p/shop/*', async ({ request }) => {
      received.push({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(
          [...request.headers.entries()].map(([name, value]) => [name.toLowerCase(), value]),
        ),
        body: await request.text(),
      });
      return answer();
    }),
  );
  return received;
}

describe('the collections of a project', () => {
  it('creates a collection from a blank dialog, its path following the name, and lists it', async () => {
    const store = serveProjects([shop()]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const section = await screen.findByRole('region', { name: /^Collections/ });
    expect(await within(section).findByText(projectTexts.collectionsEmpty)).toBeTruthy();

    const opener = within(section).getByRole('button', { name: 'New collection' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    const path = within(dialog).getByLabelText('Path') as HTMLInputElement;
    await user.type(within(dialog).getByLabelText('Name'), 'people');
    expect(path.value).toBe('/people');
    expect(within(dialog).getByTestId('collection-url').textContent).toBe(
      'http://localhost:3000/p/shop/people',
    );
    expect((within(dialog).getByLabelText('Records to start with') as HTMLInputElement).value).toBe(
      '20',
    );
    await setText(
      user,
      within(dialog).getByRole('textbox', { name: 'Record template' }),
      '{"id": "uuid", "email": "email"}',
    );
    await user.click(within(dialog).getByRole('radio', { name: /^Keep/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cascade deletes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));

    expect(await screen.findByText(projectTexts.collectionCreated('people'))).toBeTruthy();
    expect(store.calls).toEqual([
      {
        method: 'POST',
        path: '/backend/projects/shop-id/collections',
        body: {
          name: 'people',
          path: '/people',
          template: { id: 'uuid', email: 'email' },
          count: 20,
          unknownFields: 'keep',
          cascade: true,
        },
      },
    ]);
    await waitFor(() =>
      expect(rows()).toEqual([
        [
          'people',
          '/peopleCopy',
          '20 records20',
          'Ids: UUID',
          'Keeps unknown fields, cascade deletes',
        ],
      ]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // The focus is back on what opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('checks the form with core’s rules before sending anything', async () => {
    const store = serveProjects([shop()]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    await user.type(within(dialog).getByLabelText('Name'), '9lives');
    await setText(user, within(dialog).getByRole('textbox', { name: 'Record template' }), '{');
    await setText(user, within(dialog).getByLabelText('Records to start with'), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));

    await waitFor(() =>
      expectFieldError(
        within(dialog).getByLabelText('Name'),
        'name must be 1 to 40 characters: a letter or _, then letters, digits, _ or - (it is what ref:NAME.id reads)',
      ),
    );
    expectFieldError(
      within(dialog).getByRole('textbox', { name: 'Record template' }),
      messages.invalidJsonApiPage,
    );
    expectFieldError(
      within(dialog).getByLabelText('Records to start with'),
      'count is at most 10,000',
    );
    expect(store.calls).toEqual([]);
  });

  it('shows a clash (409) on the path and a refused template (400) under the template, in the server’s words', async () => {
    serveProjects([shop()], { collections: { 'shop-id': [collectionOf({ name: 'users' })] } });
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    const name = within(dialog).getByLabelText('Name');
    await user.type(name, 'users');
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    await waitFor(() =>
      expectFieldError(name, 'This project already has a collection named "users"'),
    );
    expect(await screen.findByText(projectTexts.collectionCreateFailed)).toBeTruthy();

    await setText(user, name, 'people');
    const path = within(dialog).getByLabelText('Path');
    await setText(user, path, '/users');
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expectFieldError(path, 'This project already has a collection at /users'));

    server.use(
      http.post(backend('/projects/shop-id/collections'), () =>
        // As the server refuses a record template: the problems in words, and listed.
        errorAnswer(
          400,
          'VALIDATION_FAILED',
          'The record template has a problem: $.owner: ref:accounts.id names no collection of this project',
          [{ path: '$.owner', message: 'ref:accounts.id names no collection of this project' }],
        ),
      ),
    );
    await setText(user, path, '/people');
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    await waitFor(() =>
      expectFieldError(
        within(dialog).getByRole('textbox', { name: 'Record template' }),
        'The record template has a problem: $.owner: ref:accounts.id names no collection of this project',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'New collection' })).toBeTruthy();
  });

  it('makes a collection from a route: name, path and the record of its default response', async () => {
    const route = routeOf({
      path: '/users/{id}',
      name: 'One user',
      responses: [
        {
          name: 'ok',
          status: 200,
          template: '[{"__multiply": "1-5", "id": "uuid", "name": "string.name.fullname"}]',
          headers: [],
          delay: 0,
          default: true,
          when: null,
        },
      ],
    });
    const store = serveProjects([shop([route])]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(
      await screen.findByRole('button', { name: 'Make collection GET /users/{id}' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('users');
    const path = within(dialog).getByLabelText('Path') as HTMLInputElement;
    expect(path.value).toBe('/users');
    expect(
      (within(dialog).getByRole('textbox', { name: 'Record template' }) as HTMLTextAreaElement)
        .value,
    ).toBe('{\n  "id": "uuid",\n  "name": "string.name.fullname"\n}');
    expect(
      within(dialog).getByText(
        'From GET /users/{id}: the template of one record of its default response.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(projectTexts.routesReplaced)).toBeTruthy();

    // The route it is made from goes with its creation, in the same call.
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText(projectTexts.collectionCreated('users'))).toBeTruthy();
    expect(store.calls.at(-1)?.body).toEqual({
      name: 'users',
      path: '/users',
      template: { id: 'uuid', name: 'string.name.fullname' },
      count: 20,
      unknownFields: 'refuse',
      cascade: false,
      replaceRoutes: true,
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Make collection GET /users/{id}' })).toBeNull(),
    );
  });

  it('edits a collection with what changed alone, reseeds it and deletes it after confirmations', async () => {
    const users = collectionOf({ name: 'users' });
    const store = serveProjects([shop()], { collections: { 'shop-id': [users] } });
    const { user } = renderProjects('/dashboard/projects/shop-id');

    await user.click(await screen.findByRole('button', { name: 'Edit collection users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    await setText(user, within(dialog).getByLabelText('Records to start with'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save collection' }));
    expect(await screen.findByText(projectTexts.collectionSaved('users'))).toBeTruthy();
    await waitFor(() => expect(rows()[0]?.[2]).toBe('50 records50'));

    await user.click(screen.getByRole('button', { name: 'Reseed collection users' }));
    const reseed = await screen.findByRole('alertdialog', { name: 'Reseed users?' });
    expect(within(reseed).getByText(projectTexts.reseedLine)).toBeTruthy();
    await user.click(within(reseed).getByRole('button', { name: 'Reseed' }));
    expect(await screen.findByText(projectTexts.collectionReseeded('users'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete collection users' }));
    const remove = await screen.findByRole('alertdialog', { name: 'Delete users?' });
    await user.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(projectTexts.collectionDeleted('users'))).toBeTruthy();
    expect(await screen.findByText(projectTexts.collectionsEmpty)).toBeTruthy();
    // Its row is gone with the button that had the focus: the section's heading has it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Collections/ })),
    );

    expect(store.calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', `/backend/projects/shop-id/collections/${users.id}`, { count: 50 }],
      ['POST', `/backend/projects/shop-id/collections/${users.id}/reseed`, undefined],
      ['DELETE', `/backend/projects/shop-id/collections/${users.id}`, undefined],
    ]);
  });

  it('says in the edit form what deleting a referenced record does, and where cascade is set', async () => {
    const note =
      'Deleting a record of users leaves the records of orders whose userId names it, naming a record that is gone: turn on Cascade deletes on users to delete them with it.';
    const orders = collectionOf({
      name: 'orders',
      template: { id: 'uuid', userId: 'ref:users.id' },
      references: [{ from: 'orders', field: 'userId', to: 'users', cascade: false, note }],
    });
    serveProjects([shop()], { collections: { 'shop-id': [orders] } });
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: 'Edit collection orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection' });
    const references = within(dialog).getByRole('region', { name: 'References, as saved' });
    expect(within(references).getByRole('listitem').textContent).toBe(note);
  });

  it('tests a collection: any method at its path, the session sent as X-Mock-Session', async () => {
    serveProjects([shop()], { collections: { 'shop-id': [collectionOf({ name: 'users' })] } });
    const received = serveLive(() => HttpResponse.json({ id: 'u1', name: 'Ada' }, { status: 201 }));
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: 'Test collection users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test collection' });
    expect((within(dialog).getByLabelText('Path') as HTMLInputElement).value).toBe('/users');
    expect(within(dialog).queryByLabelText('Body (JSON)')).toBeNull();

    const session = within(dialog).getByLabelText('Session');
    await user.type(session, 'ci 1');
    expectFieldError(session, 'A session name is 1 to 64 letters, digits, ".", "_", "~" or "-"');
    await user.clear(session);
    await user.type(session, 'ci-1');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'POST');
    const body = within(dialog).getByLabelText('Body (JSON)');
    await setText(user, body, '{"name": "Ada"}');
    expect(within(dialog).getByTestId('test-url').textContent).toBe(
      'POST http://localhost:3000/p/shop/users',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const answer = await within(dialog).findByRole('region', { name: 'Response' });
    expect(within(answer).getByTestId('test-status').textContent).toBe('201 Created');
    expect(received).toEqual([
      {
        method: 'POST',
        url: 'http://localhost:3000/p/shop/users',
        headers: expect.objectContaining({
          'x-mock-session': 'ci-1',
          'content-type': 'application/json',
        }),
        body: '{"name": "Ada"}',
      },
    ]);
  });

  it('requires a token of a collection: the switch makes one, the edit sends it, the Test panel sends it', async () => {
    const users = collectionOf({ name: 'users' });
    const store = serveProjects([shop()], { collections: { 'shop-id': [users] } });
    const received = serveLive(() => HttpResponse.json([]));
    const { user } = renderProjects('/dashboard/projects/shop-id');

    await user.click(await screen.findByRole('button', { name: 'Edit collection users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection' });
    const toggle = within(dialog).getByRole('switch', { name: 'Require a token' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    const token = within(dialog).getByText(/^mck_[A-Za-z0-9_-]{40}$/).textContent as string;
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save collection' }));
    // Saved when the dialog closes (a toast of an earlier test may show the same words).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.calls.map(({ method, body }) => [method, body])).toEqual([
      ['PATCH', { authToken: token }],
    ]);

    await user.click(screen.getByRole('button', { name: 'Test collection users' }));
    const panel = await screen.findByRole('dialog', { name: 'Test collection' });
    const send = within(panel).getByRole('switch', { name: 'Send the bearer token' });
    expect(send.getAttribute('aria-checked')).toBe('true');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await within(panel).findByRole('region', { name: 'Response' });
    expect(received[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });
});
