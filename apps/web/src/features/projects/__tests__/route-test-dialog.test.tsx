// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { backend } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { projectOf, routeOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';

const TOKEN = `mck_${'t'.repeat(40)}`;

function shopWith(route = routeOf({ path: '/users/{id:integer}/orders/{orderId}' })) {
  serveProjects([projectOf({ id: 'shop-id', name: 'Shop', slug: 'shop', routes: [route] })]);
  return route;
}

/** What the live URL received. */
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

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
});

describe('the Test panel of a route', () => {
  it('calls the live URL with sample values in the path, the query, the headers and Prefer', async () => {
    const route = shopWith(
      routeOf({
        path: '/users/{id:integer}/orders/{orderId}',
        authToken: TOKEN,
        responses: [
          {
            name: 'ok',
            status: 200,
            template: '{}',
            headers: [],
            delay: 0,
            default: true,
            when: null,
          },
          {
            name: 'not found',
            status: 404,
            template: '{}',
            headers: [],
            delay: 0,
            default: false,
            when: null,
          },
        ],
      }),
    );
    const received = serveLive(() =>
      HttpResponse.json({ error: 'no such order' }, { status: 404, headers: { 'X-Mock': 'yes' } }),
    );
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: `Test GET ${route.path}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Test route' });

    const path = within(dialog).getByLabelText('Path') as HTMLInputElement;
    expect(path.value).toBe('/users/1/orders/1');
    await user.type(within(dialog).getByLabelText('Query'), 'page=2');
    await user.selectOptions(within(dialog).getByLabelText('Response'), 'not found');
    await user.click(within(dialog).getByRole('button', { name: 'Add header' }));
    await user.type(within(dialog).getByLabelText('Request header 1 name'), 'X-Tenant');
    await user.type(within(dialog).getByLabelText('Request header 1 value'), 'acme');
    expect(within(dialog).getByTestId('test-url').textContent).toBe(
      'http://localhost:3000/p/shop/users/1/orders/1?page=2',
    );
    expect(within(dialog).queryByLabelText('Body (JSON)')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const answer = await within(dialog).findByRole('region', { name: 'Response' });
    expect(received).toEqual([
      {
        method: 'GET',
        url: 'http://localhost:3000/p/shop/users/1/orders/1?page=2',
        headers: expect.objectContaining({
          'x-tenant': 'acme',
          prefer: 'example="not found"',
          authorization: `Bearer ${TOKEN}`,
        }),
        body: '',
      },
    ]);
    expect(within(answer).getByTestId('test-status').textContent).toBe('404 Not Found');
    expect(within(answer).getByText(/^in \d+ ms$/)).toBeTruthy();
    expect(within(answer).getByText('x-mock')).toBeTruthy();
    expect(answer.querySelector('pre code')?.textContent).toBe('{\n  "error": "no such order"\n}');
  });

  it('sends a JSON body for POST, where the mocks live when they have a host of their own', async () => {
    const meta = document.createElement('meta');
    meta.name = 'mocksmith-mock-origin';
    meta.content = 'http://localhost:3000';
    meta.setAttribute('data-apart', '');
    document.head.append(meta);
    const route = shopWith(routeOf({ method: 'POST', path: '/users' }));
    const received = serveLive(() => HttpResponse.json({ name: 'Ada' }, { status: 201 }));
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: `Test POST ${route.path}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Test route' });
    const body = within(dialog).getByLabelText('Body (JSON)');
    await user.clear(body);
    await user.click(body);
    await user.paste('{"name": "Ada"}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await within(dialog).findByRole('region', { name: 'Response' });
    expect(received).toEqual([
      {
        method: 'POST',
        url: 'http://localhost:3000/p/shop/users',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: '{"name": "Ada"}',
      },
    ]);
    expect(within(dialog).getByTestId('test-status').textContent).toBe('201 Created');
  });

  it('previews the chosen response for the same request without calling the route', async () => {
    shopWith(routeOf({ method: 'POST', path: '/users/{id}' }));
    const received = serveLive(() => HttpResponse.json({}));
    const previews: unknown[] = [];
    server.use(
      http.post(backend('/projects/shop-id/preview'), async ({ request }) => {
        previews.push(await request.json());
        return HttpResponse.json({ id: '7' });
      }),
    );
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: 'Test POST /users/{id}' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test route' });
    const path = within(dialog).getByLabelText('Path');
    await user.clear(path);
    await user.type(path, '/users/7');
    await user.type(within(dialog).getByLabelText('Query'), '?tag=a&tag=b');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const shown = (await within(dialog).findByText('Generated body (preview)')).closest('figure');
    expect(shown?.querySelector('code')?.textContent).toBe('{\n  "id": "7"\n}');
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]).toEqual({
      template: '{"id":"uuid"}',
      routePath: '/users/{id}',
      request: {
        method: 'POST',
        path: '/users/7',
        query: { tag: ['a', 'b'] },
        headers: { 'content-type': 'application/json' },
        body: {},
      },
    });
    expect(received).toEqual([]);
  });

  it('shows which response answered and which rule picked it, once a header triggers the rule', async () => {
    const route = shopWith(
      routeOf({
        path: '/plans',
        responses: [
          {
            name: 'ok',
            status: 200,
            template: '{}',
            headers: [],
            delay: 0,
            default: true,
            when: null,
          },
          {
            name: 'premium',
            status: 200,
            template: '{}',
            headers: [],
            delay: 0,
            default: false,
            when: null,
          },
        ],
        rules: [
          {
            combine: 'all',
            conditions: [{ source: 'header', name: 'x-plan', operator: 'equals', value: 'gold' }],
            response: 'premium',
          },
        ],
      }),
    );
    // The live URL as the server answers it: the rule picks premium for x-plan: gold.
    server.use(
      http.all('http://localhost:3000/p/shop/*', ({ request }) =>
        request.headers.get('x-plan') === 'gold'
          ? HttpResponse.json(
              { plan: 'premium' },
              { headers: { 'X-Mock-Response': 'premium', 'X-Mock-Rule': '1' } },
            )
          : HttpResponse.json({ plan: 'basic' }, { headers: { 'X-Mock-Response': 'ok' } }),
      ),
    );
    const { user } = renderProjects('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('button', { name: `Test GET ${route.path}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Test route' }));
    expect(
      dialog.getByText(
        'This route’s rules, in order: the first the request matches picks the response.',
      ),
    ).toBeTruthy();
    expect(dialog.getByRole('listitem').textContent).toBe('header x-plan equals "gold" → premium');

    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect((await dialog.findByTestId('test-answered-by')).textContent).toBe(
      'Answered by response ok · no rule matched',
    );

    await user.click(dialog.getByRole('button', { name: 'Add header' }));
    await user.type(dialog.getByLabelText('Request header 1 name'), 'x-plan');
    await user.type(dialog.getByLabelText('Request header 1 value'), 'gold');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(dialog.getByTestId('test-answered-by').textContent).toBe(
        'Answered by response premium · rule 1',
      ),
    );
  });
});
