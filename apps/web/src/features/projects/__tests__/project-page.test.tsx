// @vitest-environment happy-dom
import type { ProjectImportResult } from '@mocksmith/core/projects';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../testing/downloads.ts';
import { expectFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { projectOf, routeOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';
import { projectTexts } from '../texts.ts';

afterEach(() => vi.restoreAllMocks());

function shop() {
  return projectOf({
    id: 'shop-id',
    name: 'Shop',
    slug: 'shop',
    routes: [
      routeOf({ method: 'POST', path: '/users', name: 'Create a user', callCount: 1200 }),
      routeOf({
        path: '/users/{id}',
        name: 'One user',
        responses: [
          {
            name: 'found',
            status: 200,
            template: '{}',
            headers: [],
            delay: 0,
            default: false,
            when: null,
          },
          {
            name: 'missing',
            status: 404,
            template: '{}',
            headers: [],
            delay: 0,
            default: true,
            when: null,
          },
        ],
      }),
      routeOf({ path: '/users', name: 'List users', callCount: 3 }),
    ],
  });
}

/** The rows of the route table, each as its cells' text. */
function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Routes' });
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

describe('a project’s page', () => {
  it('shows the base URL with Copy and the routes sorted by path, each with its default status', async () => {
    serveProjects([shop()]);
    const { user } = renderProjects('/dashboard/projects/shop-id');

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
    // The name comes first (its heading), the rest once the page has rendered it.
    expect(await screen.findByText('http://localhost:3000/p/shop')).toBeTruthy();
    expect(rows()).toEqual([
      ['GET', '/users', 'Status200', 'List users', '3 answered calls3'],
      ['POST', '/users', 'Status200', 'Create a user', '1,200 answered calls1,200'],
      ['GET', '/users/{id}', 'Status404of 2 responses', 'One user', '0 answered calls0'],
    ]);
    // Its count is of answered calls, and the page says how the Analytics' differ.
    const routes = screen.getByRole('table', { name: 'Routes' });
    expect(within(routes).getByRole('columnheader', { name: 'Answered calls' })).toBeTruthy();
    expect(screen.getByText(projectTexts.answeredNote)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit GET /users/{id}' }).getAttribute('href')).toMatch(
      /^\/dashboard\/projects\/shop-id\/routes\/route-\d+$/,
    );

    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy base URL' }));
    expect(await screen.findByText(projectTexts.baseUrlCopied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/p/shop');
  });

  it('deletes a route after its confirmation, and the project after its own', async () => {
    const store = serveProjects([shop()]);
    const { user, router } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: 'Delete POST /users' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this route?' });
    expect(confirm.textContent).toContain('POST /users will be deleted');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(projectTexts.routeDeleted('POST /users'))).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    const projectConfirm = await screen.findByRole('alertdialog', {
      name: 'Delete this project?',
    });
    expect(projectConfirm.textContent).toContain('“Shop” and its 2 routes will be deleted');
    await user.click(within(projectConfirm).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/projects'));
    expect(await screen.findByText(projectTexts.deleted('Shop'))).toBeTruthy();
    expect(await screen.findByText(projectTexts.emptyTitle)).toBeTruthy();
    expect(store.calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `DELETE /backend/projects/shop-id/routes/${store.calls[0]?.path.split('/').at(-1)}`,
      'DELETE /backend/projects/shop-id',
    ]);
  });

  it('moves a route out after its confirmation', async () => {
    const store = serveProjects([shop()]);
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: 'Move out GET /users' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Move this route out?' });
    await user.click(within(confirm).getByRole('button', { name: 'Move out' }));
    expect(await screen.findByText(projectTexts.movedOut('GET /users'))).toBeTruthy();
    expect(store.calls[0]?.path).toMatch(
      /^\/backend\/projects\/shop-id\/routes\/route-\d+\/move-out$/,
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('offers Add route and Import OpenAPI when the project has no route', async () => {
    serveProjects([projectOf({ id: 'empty-id', name: 'Empty' })]);
    renderProjects('/dashboard/projects/empty-id');
    expect(await screen.findByText(projectTexts.noRoutesTitle)).toBeTruthy();
    const region = screen.getByRole('region', { name: /Routes/ });
    expect(within(region).getByRole('link', { name: 'Add route' }).getAttribute('href')).toBe(
      '/dashboard/projects/empty-id/routes/new',
    );
    expect(within(region).getByRole('button', { name: 'Import OpenAPI' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the project is not there (or not the user’s)', async () => {
    serveProjects([]);
    renderProjects('/dashboard/projects/nope');
    expect(await screen.findByText(projectTexts.notFound)).toBeTruthy();
  });

  it('imports an OpenAPI file into the project and tells the report in words', async () => {
    const store = serveProjects([projectOf({ id: 'shop-id', name: 'Shop', slug: 'shop' })]);
    const received: string[] = [];
    const imported = routeOf({ path: '/pets', name: 'listPets' });
    server.use(
      http.post(backend('/projects/shop-id/import'), async ({ request }) => {
        received.push(((await request.formData()).get('file') as File).name);
        store.projects[0]?.routes.push(imported);
        return HttpResponse.json<ProjectImportResult>(
          {
            report: {
              created: ['GET /pets', 'POST /pets'],
              updated: ['GET /pets/{petId}'],
              unchanged: [],
              notInSpec: ['DELETE /pets/{petId}'],
              skipped: [{ operation: 'TRACE /pets', reason: 'TRACE is not a route method' }],
              warnings: [],
            },
            routes: [imported],
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderProjects('/dashboard/projects/shop-id');
    // The project has no route yet: the empty table offers the import too.
    await user.click((await screen.findAllByRole('button', { name: 'Import OpenAPI' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Import OpenAPI' });
    await user.upload(
      within(dialog).getByLabelText('OpenAPI file'),
      new File(['openapi: 3.1.0\n'], 'pets.yaml', { type: 'application/x-yaml' }),
    );

    const report = await within(dialog).findByRole('list', { name: 'Import report' });
    expect(received).toEqual(['pets.yaml']);
    expect(within(report).getByRole('list', { name: 'Created 2 routes' }).textContent).toBe(
      'GET /petsPOST /pets',
    );
    expect(within(report).getByRole('list', { name: 'Updated 1 route' }).textContent).toBe(
      'GET /pets/{petId}',
    );
    expect(
      within(report).getByRole('list', {
        name: '1 route no longer in the spec (kept, not deleted)',
      }).textContent,
    ).toBe('DELETE /pets/{petId}');
    expect(within(report).getByRole('list', { name: 'Skipped 1 operation' }).textContent).toBe(
      'TRACE /pets: TRACE is not a route method',
    );
    expect(within(report).queryByText(/unchanged/)).toBeNull();
    // The table behind reloads with the imported route.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(rows()).toEqual([['GET', '/pets', 'Status200', 'listPets', '0 answered calls0']]),
    );
  });

  it('takes a HAR file as it takes a spec: offered by the picker, sent as it is', async () => {
    serveProjects([projectOf({ id: 'shop-id', name: 'Shop', slug: 'shop' })]);
    const received: string[] = [];
    server.use(
      http.post(backend('/projects/shop-id/import'), async ({ request }) => {
        received.push(((await request.formData()).get('file') as File).name);
        return HttpResponse.json<ProjectImportResult>(
          {
            report: {
              created: ['GET /users/{userId}'],
              updated: [],
              unchanged: [],
              notInSpec: [],
              skipped: [
                { operation: 'GET /app.js', reason: 'A static file (.js), not an API answer' },
              ],
              warnings: [],
            },
            routes: [routeOf({ path: '/users/{userId}', name: 'GET /users/{userId}' })],
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click((await screen.findAllByRole('button', { name: 'Import OpenAPI' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Import OpenAPI' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('OpenAPI file');
    expect(input.accept).toBe('.json,.yaml,.yml,.har');
    // Browsers give a .har no content type: its extension is what makes it importable.
    await user.upload(input, new File(['{"log":{"entries":[]}}'], 'session.har', { type: '' }));
    const report = await within(dialog).findByRole('list', { name: 'Import report' });
    expect(received).toEqual(['session.har']);
    expect(within(report).getByRole('list', { name: 'Skipped 1 operation' }).textContent).toBe(
      'GET /app.js: A static file (.js), not an API answer',
    );
  });

  it('shows why a file was refused', async () => {
    serveProjects([projectOf({ id: 'shop-id' })]);
    server.use(
      http.post(backend('/projects/shop-id/import'), () =>
        errorAnswer(
          400,
          'INVALID_BODY',
          'Please upload a valid OpenAPI file (JSON or YAML format): no paths',
        ),
      ),
    );
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click((await screen.findAllByRole('button', { name: 'Import OpenAPI' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Import OpenAPI' });
    await user.upload(
      within(dialog).getByLabelText('OpenAPI file'),
      new File(['{}'], 'empty.json', { type: 'application/json' }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please upload a valid OpenAPI file (JSON or YAML format): no paths',
    );
  });

  it('exports the project as OpenAPI and as Postman, in files named after its slug', async () => {
    serveProjects([shop()]);
    server.use(
      http.get(backend('/projects/shop-id/export/openapi'), () =>
        HttpResponse.json({ openapi: '3.1.0', paths: {} }),
      ),
      http.get(backend('/projects/shop-id/export/postman'), () =>
        HttpResponse.json({ info: { name: 'Shop' }, item: [] }),
      ),
    );
    const files = captureDownloads();
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: 'Export OpenAPI' }));
    expect(await screen.findByText(projectTexts.exported('shop.openapi.json'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export Postman' }));
    expect(
      await screen.findByText(projectTexts.exported('shop.postman_collection.json')),
    ).toBeTruthy();
    expect(files.map((file) => file.name)).toEqual([
      'shop.openapi.json',
      'shop.postman_collection.json',
    ]);
    expect(JSON.parse(await files[0]!.text)).toEqual({ openapi: '3.1.0', paths: {} });
  });

  it('moves one of the user’s APIs in at the path it offers, and shows a clash on the path', async () => {
    const store = serveProjects([shop()]);
    const apis = [
      { id: 'api-orders', name: 'Recent Orders', method: 'GET', customEndpoint: null },
      { id: 'api-users', name: 'Users', method: 'POST', customEndpoint: '/users' },
    ];
    const { user } = renderProjects('/dashboard/projects/shop-id', { apis });
    await user.click(await screen.findByRole('button', { name: 'Add existing API' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add existing API' });
    const path = within(dialog).getByLabelText('Path') as HTMLInputElement;
    expect(path.value).toBe('/recent-orders');

    await user.selectOptions(within(dialog).getByLabelText('API'), 'api-users');
    expect(path.value).toBe('/users');
    expect((within(dialog).getByLabelText('Method') as HTMLSelectElement).value).toBe('POST');
    await user.click(within(dialog).getByRole('button', { name: 'Move into project' }));
    await waitFor(() => expectFieldError(path, 'POST /users is this route already'));

    await user.clear(path);
    // user-event reads '{{' as one '{'.
    await user.type(path, '/people/x{{id}');
    await waitFor(() =>
      expectFieldError(
        path,
        'The segment "x{id}" mixes text and a parameter: a parameter, {name}, is a whole segment',
      ),
    );
    await user.clear(path);
    await user.type(path, '/people');
    await user.click(within(dialog).getByRole('button', { name: 'Move into project' }));
    expect(await screen.findByText(projectTexts.movedIn('Users'))).toBeTruthy();
    expect(store.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/backend/projects/shop-id/routes/move',
      body: { apiId: 'api-users', method: 'POST', path: '/people' },
    });
  });
});
