// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fromSampleTexts } from '../../../components/template-editor/from-sample/texts.ts';
import { expectFieldError, expectNoFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { projectOf, routeOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';
import { projectTexts } from '../texts.ts';

type Session = ReturnType<typeof renderProjects>['user'];

async function setText(user: Session, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const response = (number: number) =>
  within(screen.getByRole('group', { name: `Response ${number}` }));

describe('the route editor', () => {
  it('warns of a value that looks like a misspelt type in a response, and puts the type in', async () => {
    serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id/routes/new');
    await screen.findByRole('group', { name: 'Response 1' });
    const template = response(1).getByRole('textbox', { name: 'Template of response 1' });
    await setText(user, template, '{"price": "number.money.prise"}');
    const warnings = await response(1).findByRole('list', { name: 'Type warnings' });
    expect(warnings.textContent).toContain(
      'number.money.prise ($.price) is not a data type: it is returned as text.',
    );
    await user.click(
      within(warnings).getByRole('button', {
        name: 'Use number.money.price for number.money.prise',
      }),
    );
    expect((template as HTMLTextAreaElement).value).toBe('{"price": "number.money.price"}');
    await waitFor(() =>
      expect(response(1).queryByRole('list', { name: 'Type warnings' })).toBeNull(),
    );
  });

  it('checks the path as it is typed, with the parser’s words, and shows the URL it gives', async () => {
    serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id/routes/new');
    const path = await screen.findByLabelText('Path');

    await setText(user, path, 'users/{id}');
    await waitFor(() => expectFieldError(path, 'The path "users/{id}" must start with /'));
    await setText(user, path, '/users/{id:uuid}');
    await waitFor(() =>
      expectFieldError(
        path,
        'The parameter {id:uuid} has an unknown type: use string, number, integer, boolean',
      ),
    );
    await setText(user, path, '/users/{id:integer}/');
    await waitFor(() => expectNoFieldError(path));
    expect(screen.getByTestId('route-url').textContent).toBe(
      'http://localhost:3000/p/shop/users/{id:integer}',
    );
    expect(screen.getByText(/\{\{request\.params\.id\}\}/)).toBeTruthy();
  });

  it('creates a route with two responses, the second the default, and goes back to the table', async () => {
    const store = serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const { user, router } = renderProjects('/dashboard/projects/shop-id/routes/new');
    await user.selectOptions(await screen.findByLabelText('Method'), 'PATCH');
    await setText(user, screen.getByLabelText('Path'), '/users/{id}');
    await user.type(screen.getByLabelText('Name (optional)'), 'Update a user');
    await user.click(screen.getByRole('radio', { name: /Sequential/ }));
    await setText(
      user,
      response(1).getByRole('textbox', { name: 'Template of response 1' }),
      '{"id": "{{request.params.id}}"}',
    );

    await user.click(screen.getByRole('button', { name: 'Add response' }));
    const second = response(2);
    await setText(user, second.getByLabelText('Name of response 2'), 'missing');
    await setText(user, second.getByLabelText('Status'), '404');
    await setText(user, second.getByLabelText('Delay (ms)'), '250');
    await user.click(second.getByRole('button', { name: 'Add header to response 2' }));
    await user.type(second.getByLabelText('Response 2 header 1 name'), 'X-Reason');
    await user.type(second.getByLabelText('Response 2 header 1 value'), 'gone');
    await setText(
      user,
      second.getByRole('textbox', { name: 'Template of response 2' }),
      '{"error": "not found"}',
    );
    await user.click(second.getByRole('radio', { name: 'Default response' }));
    expect(
      (response(1).getByRole('radio', { name: 'Default response' }) as HTMLInputElement).checked,
    ).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Create route' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/projects/shop-id'));
    expect(store.calls).toEqual([
      {
        method: 'POST',
        path: '/backend/projects/shop-id/routes',
        body: {
          method: 'PATCH',
          path: '/users/{id}',
          name: 'Update a user',
          responseMode: 'sequential',
          authToken: null,
          rules: [],
          network: null,
          overrides: true,
          responses: [
            {
              name: 'ok',
              status: 200,
              delay: 0,
              template: '{"id": "{{request.params.id}}"}',
              headers: [],
              default: false,
            },
            {
              name: 'missing',
              status: 404,
              delay: 250,
              template: '{"error": "not found"}',
              headers: [{ name: 'X-Reason', value: 'gone' }],
              default: true,
            },
          ],
        },
      },
    ]);
    expect(await screen.findByText(projectTexts.routeCreated('PATCH /users/{id}'))).toBeTruthy();
  });

  it('keeps the default on its response when another is removed', async () => {
    serveProjects([projectOf({ id: 'shop-id' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id/routes/new');
    const add = await screen.findByRole('button', { name: 'Add response' });
    expect(response(1).getByRole('button', { name: 'Remove response 1' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(add);
    await user.click(add);
    await user.click(response(3).getByRole('radio', { name: 'Default response' }));
    await user.click(response(1).getByRole('button', { name: 'Remove response 1' }));
    expect(screen.queryByRole('group', { name: 'Response 3' })).toBeNull();
    expect(
      (response(2).getByRole('radio', { name: 'Default response' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((response(2).getByLabelText('Name of response 2') as HTMLInputElement).value).toBe(
      'response-3',
    );
  });

  it('refuses two responses of one name and a template that is not JSON, before any call', async () => {
    const store = serveProjects([projectOf({ id: 'shop-id' })]);
    const { user } = renderProjects('/dashboard/projects/shop-id/routes/new');
    await user.click(await screen.findByRole('button', { name: 'Add response' }));
    await setText(user, response(2).getByLabelText('Name of response 2'), 'ok');
    await setText(user, response(2).getByRole('textbox', { name: 'Template of response 2' }), '{');
    await user.click(screen.getByRole('button', { name: 'Create route' }));
    await waitFor(() =>
      expectFieldError(
        response(2).getByLabelText('Name of response 2'),
        'Two responses are named "ok": names are unique within a route',
      ),
    );
    expectFieldError(
      response(2).getByRole('textbox', { name: 'Template of response 2' }),
      'Invalid JSON format. Please check your template',
    );
    expect(store.calls).toEqual([]);
  });

  it('shows a clash with another route on the path, and a refused template under its response', async () => {
    serveProjects([
      projectOf({ id: 'shop-id', routes: [routeOf({ method: 'GET', path: '/users/{userId}' })] }),
    ]);
    const { user } = renderProjects('/dashboard/projects/shop-id/routes/new');
    const path = await screen.findByLabelText('Path');
    await setText(user, path, '/users/{id}');
    await user.click(screen.getByRole('button', { name: 'Create route' }));
    await waitFor(() => expectFieldError(path, 'GET /users/{userId} is this route already'));

    server.use(
      http.post(backend('/projects/shop-id/routes'), () =>
        errorAnswer(
          400,
          'INVALID_TEMPLATE',
          'The template of response "ok" names no data type at $.id',
        ),
      ),
    );
    await setText(user, path, '/people');
    await user.click(screen.getByRole('button', { name: 'Create route' }));
    await waitFor(() =>
      expectFieldError(
        response(1).getByRole('textbox', { name: 'Template of response 1' }),
        'The template of response "ok" names no data type at $.id',
      ),
    );
  });

  it('edits a stored route: its fields filled, saved with PUT', async () => {
    const route = routeOf({
      method: 'GET',
      path: '/users/{id}',
      name: 'One user',
      authToken: `mck_${'a'.repeat(40)}`,
    });
    const store = serveProjects([projectOf({ id: 'shop-id', routes: [route] })]);
    const { user, router } = renderProjects(`/dashboard/projects/shop-id/routes/${route.id}`);
    expect(await screen.findByRole('heading', { name: 'Edit GET /users/{id}' })).toBeTruthy();
    expect((screen.getByLabelText('Path') as HTMLInputElement).value).toBe('/users/{id}');
    expect(
      (response(1).getByRole('textbox', { name: 'Template of response 1' }) as HTMLTextAreaElement)
        .value,
    ).toBe('{\n  "id": "uuid"\n}');
    expect(screen.getByText(`mck_${'a'.repeat(40)}`)).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Require authentication' }));
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/projects/shop-id'));
    expect(store.calls[0]).toMatchObject({
      method: 'PUT',
      path: `/backend/projects/shop-id/routes/${route.id}`,
      body: { method: 'GET', path: '/users/{id}', name: 'One user', authToken: null },
    });
  });

  it('previews a response for a sample request at the route’s path', async () => {
    serveProjects([projectOf({ id: 'shop-id' })]);
    const previews: unknown[] = [];
    server.use(
      http.post(backend('/projects/shop-id/preview'), async ({ request }) => {
        previews.push(await request.json());
        return HttpResponse.json({ id: 1 });
      }),
    );
    const { user } = renderProjects('/dashboard/projects/shop-id/routes/new');
    await setText(user, await screen.findByLabelText('Path'), '/users/{id:integer}');
    await user.click(response(1).getByRole('button', { name: 'Preview response 1' }));
    const shown = (await screen.findByText('Preview of response 1')).closest('figure');
    expect(shown?.querySelector('code')?.textContent).toBe('{\n  "id": 1\n}');
    expect(previews).toEqual([
      {
        template: { id: 'uuid', name: 'string' },
        routePath: '/users/{id:integer}',
        request: { method: 'GET', path: '/users/1', query: {}, headers: {} },
      },
    ]);
  });

  it('puts a template made from a sample in one response, saved with the route', async () => {
    const store = serveProjects([projectOf({ id: 'shop-id', slug: 'shop' })]);
    const samples: unknown[] = [];
    server.use(
      http.post(backend('/templates/infer'), async ({ request }) => {
        samples.push(await request.json());
        return HttpResponse.json({
          template: { email: 'email' },
          report: [{ path: '$.email', chosen: 'email', why: 'an e-mail', literal: false }],
        });
      }),
    );
    const { user, router } = renderProjects('/dashboard/projects/shop-id/routes/new');
    await setText(user, await screen.findByLabelText('Path'), '/me');
    await user.click(screen.getByRole('button', { name: 'Add response' }));
    await user.click(response(2).getByRole('button', { name: 'From a sample for response 2' }));
    const dialog = await screen.findByRole('dialog', { name: fromSampleTexts.title });
    const sample = within(dialog).getByRole('textbox', { name: fromSampleTexts.sampleLabel });
    await user.click(sample);
    await user.paste('{"email": "ada@example.org"}');
    await user.click(within(dialog).getByRole('button', { name: fromSampleTexts.make }));
    await within(dialog).findByText(fromSampleTexts.previewLabel);
    await user.click(within(dialog).getByRole('button', { name: fromSampleTexts.accept }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(samples).toEqual([{ sample: { email: 'ada@example.org' } }]);

    const template = response(2).getByRole('textbox', { name: 'Template of response 2' });
    expect((template as HTMLTextAreaElement).value).toBe('{\n  "email": "email"\n}');
    // The first response keeps its own.
    expect(
      (response(1).getByRole('textbox', { name: 'Template of response 1' }) as HTMLTextAreaElement)
        .value,
    ).not.toContain('"email"');
    await user.click(screen.getByRole('button', { name: 'Create route' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/projects/shop-id'));
    expect(store.calls[0]?.body).toMatchObject({
      responses: [{}, { template: '{\n  "email": "email"\n}' }],
    });
  });
});
