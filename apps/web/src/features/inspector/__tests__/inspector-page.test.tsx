// @vitest-environment happy-dom
import type { LoggedCallView } from '@mocksmith/core/inspector';
import type { ProjectDetail } from '@mocksmith/core/projects';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { testUser } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { InspectorPage } from '../components/inspector-page.tsx';
import { callOf, projectOf, routeOf } from '../testing/calls.ts';
import { fakeLive } from '../testing/fake-live.ts';
import { serveLog } from '../testing/inspector-server.ts';
import { inspectorTexts } from '../texts.ts';

/** Where a navigation landed, and the state it carried. */
function Landed() {
  const location = useLocation();
  return <pre data-testid="landed">{JSON.stringify(location.state)}</pre>;
}

function renderInspector(project: ProjectDetail = projectOf()) {
  const live = fakeLive();
  const view = renderApp(
    [
      {
        path: paths.dashboardProjectRequests,
        element: <InspectorPage project={project} openSource={live.factory} />,
      },
      { path: paths.dashboardProjectNewRoute, element: <Landed /> },
      { path: paths.dashboardProjectRoute, element: <Landed /> },
      { path: paths.dashboardProject, element: <Landed /> },
    ],
    { at: `/dashboard/projects/${project.id}/requests`, user: testUser },
  );
  return { ...view, live };
}

/** The table's rows of calls, as their text (the head row left out). */
function rowTexts(): string[] {
  const table = screen.getByRole('table', { name: 'Calls, newest first' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim());
}

/** The button that opens a call, by its method, path and query. */
const openButton = (label: string) =>
  screen.findByRole('button', { name: new RegExp(`^Open ${label.replace(/[?*]/g, '\\$&')} at `) });

describe('the request inspector', () => {
  it('lists the logged calls newest first, with their answer, latency apart, session and client', async () => {
    const project = projectOf();
    serveLog(project, [
      callOf({ id: 1, path: '/users', status: 200, response: 'ok', latencyMs: 4.4 }),
      callOf({
        id: 2,
        method: 'POST',
        path: '/orders',
        query: 'expand=items',
        status: 201,
        response: 'created',
        rule: 2,
        latencyMs: 120.4,
        delayMs: 80,
        session: 'ci-1',
        client: 'aGFzaGVkLTE2',
      }),
    ]);
    const { live } = renderInspector(project);
    expect(await screen.findByRole('heading', { name: 'Requests', level: 1 })).toBeTruthy();
    expect(screen.getByText(inspectorTexts.retention)).toBeTruthy();
    await openButton('POST /orders?expand=items');
    const [first, second] = rowTexts();
    expect(first).toContain('POST');
    expect(first).toContain('/orders?expand=items');
    expect(first).toContain('201');
    expect(first).toContain('created · rule 2');
    expect(first).toContain('120 ms (80 ms injected)');
    expect(first).toContain('ci-1');
    expect(first).toContain('aGFzaGVkLTE2');
    expect(second).toContain('/users');
    expect(second).toContain('4 ms');
    expect(second).not.toContain('injected');
    // Live once the feed is open.
    expect(screen.getByTestId('live-state').textContent).toBe('Connecting...');
    live.current.open();
    expect(screen.getByTestId('live-state').textContent).toBe('Live');
    expect(live.current.url).toBe('/backend/projects/shop-id/requests/live');
  });

  it('says how to call the project when nothing is logged yet', async () => {
    const project = projectOf();
    serveLog(project);
    renderInspector(project);
    expect(
      await screen.findByText(
        'No calls yet: call http://localhost:3000/p/shop and they appear here as they come.',
      ),
    ).toBeTruthy();
  });

  it('puts a pushed call on top and says so politely', async () => {
    const project = projectOf();
    serveLog(project, [callOf({ id: 1, path: '/users' })]);
    const { live } = renderInspector(project);
    await openButton('GET /users');
    live.current.open();
    live.current.push(
      callOf({ id: 2, method: 'DELETE', path: '/users/7', status: 404, response: null }),
    );
    // The feed reads its first event once the logged call's schema has loaded.
    await waitFor(() => expect(rowTexts()[0]).toContain('/users/7'));
    expect(rowTexts()).toHaveLength(2);
    const status = screen
      .getAllByRole('status')
      .find((element) => element.getAttribute('aria-live') === 'polite') as HTMLElement;
    await waitFor(() => expect(status.textContent).toBe('New call: DELETE /users/7, 404'));
  });

  it('holds new calls while paused, and puts them on top at Resume', async () => {
    const project = projectOf();
    serveLog(project, [callOf({ id: 1, path: '/users' })]);
    const { live, user } = renderInspector(project);
    await openButton('GET /users');
    live.current.open();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByTestId('live-state').textContent).toBe('Paused');
    live.current.push(callOf({ id: 2, path: '/orders' }));
    live.current.push(callOf({ id: 3, path: '/carts' }));
    expect(await screen.findByText(inspectorTexts.held(2))).toBeTruthy();
    expect(rowTexts()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(
      screen.getAllByRole('button', { name: /^Open / }).map((button) => button.textContent),
    ).toEqual(['/carts', '/orders', '/users']);
    expect(screen.getByTestId('live-state').textContent).toBe('Live');
  });

  it('asks the server with each filter, and keeps live calls that do not match out', async () => {
    const project = projectOf();
    const { queries } = serveLog(project, [
      callOf({ id: 1, method: 'GET', path: '/users', status: 200 }),
      callOf({ id: 2, method: 'POST', path: '/orders/7', status: 404, response: null }),
      callOf({ id: 3, method: 'POST', path: '/orders', status: 500, body: '{"sku":"ABC"}' }),
    ]);
    const { live, user } = renderInspector(project);
    await openButton('GET /users');
    expect(queries.at(-1)?.toString()).toBe('limit=200');

    await user.selectOptions(screen.getByLabelText('Method'), 'POST');
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe('method=POST&limit=200'));
    await waitFor(() => expect(rowTexts()).toHaveLength(2));

    await user.selectOptions(screen.getByLabelText('Status'), 'exact');
    await user.type(screen.getByLabelText('Status code'), '404');
    await waitFor(() =>
      expect(queries.at(-1)?.toString()).toBe('method=POST&status=404&limit=200'),
    );
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(rowTexts()[0]).toContain('/orders/7');

    // A live call of another status stays out; one that matches comes on top.
    live.current.open();
    live.current.push(callOf({ id: 4, method: 'POST', path: '/orders/8', status: 201 }));
    live.current.push(callOf({ id: 5, method: 'POST', path: '/orders/9', status: 404 }));
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(rowTexts()[0]).toContain('/orders/9');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.type(screen.getByLabelText('Path', { exact: false }), '/orders*');
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe('path=%2Forders*&limit=200'));
    await user.type(screen.getByLabelText('Text', { exact: false }), 'abc');
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe('path=%2Forders*&q=abc&limit=200'));
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(rowTexts()[0]).toContain('/orders');
    expect(rowTexts()[0]).toContain('500');
  });

  it('filters a status class among the calls it has, asking the server for all', async () => {
    const project = projectOf();
    const { queries } = serveLog(project, [
      callOf({ id: 1, path: '/a', status: 200 }),
      callOf({ id: 2, path: '/b', status: 404, response: null }),
      callOf({ id: 3, path: '/c', status: 422 }),
    ]);
    const { user } = renderInspector(project);
    await openButton('GET /a');
    await user.selectOptions(screen.getByLabelText('Status'), '4xx');
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(queries.at(-1)?.toString()).toBe('limit=200');
    expect(screen.queryByRole('button', { name: /^Open GET \/a at / })).toBeNull();
  });

  it('opens a call with its answer, headers, cut body and curl, and gives the focus back', async () => {
    const project = projectOf();
    const call = callOf({
      id: 1,
      method: 'POST',
      path: '/orders',
      query: 'expand=items',
      headers: {
        host: 'localhost:3000',
        'content-type': 'application/json',
        authorization: 'Bearer ••••9f3a',
      },
      body: '{"sku":"ABC","note":"long',
      bodyTruncated: true,
      status: 201,
      response: 'created',
      rule: 2,
      latencyMs: 120,
      delayMs: 80,
      session: 'ci-1',
    });
    serveLog(project, [call]);
    const { user } = renderInspector(project);
    const opener = await openButton('POST /orders?expand=items');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'POST /orders?expand=items' });
    const text = (dialog.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Responsecreated');
    expect(text).toContain('RuleRule 2');
    expect(text).toContain('Latency120 ms (80 ms injected)');
    expect(text).toContain('Sessionci-1');
    expect(text).toContain(inspectorTexts.bodyCut);
    const headers = within(dialog).getByRole('table', { name: 'Headers' });
    expect(within(headers).getByRole('rowheader', { name: 'authorization' })).toBeTruthy();
    expect(headers.textContent).toContain('Bearer ••••9f3a (masked)');
    expect(within(dialog).getByTestId('curl-command').textContent).toBe(
      [
        '# Masked in the log, left out: authorization',
        '# The body was cut at 16 KB in the log: this sends its first 16 KB.',
        "curl -X POST 'http://localhost:3000/p/shop/orders?expand=items' \\",
        "  -H 'content-type: application/json' \\",
        `  --data-raw '{"sku":"ABC","note":"long'`,
      ].join('\n'),
    );
    expect(within(dialog).getByRole('button', { name: 'Copy as curl' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('calls again through the live URL and shows what it answers now', async () => {
    const project = projectOf();
    serveLog(project, [
      callOf({
        id: 1,
        method: 'PUT',
        path: '/users/7',
        query: 'v=2',
        headers: {
          'content-type': 'application/json',
          'x-api-key': '••••abcd',
          'x-tenant': 'acme',
        },
        body: '{"name":"Ada"}',
      }),
    ]);
    const received: { method: string; url: string; headers: Headers; body: string }[] = [];
    server.use(
      http.all('http://localhost:3000/p/shop/*', async ({ request }) => {
        received.push({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: await request.text(),
        });
        return HttpResponse.json({ id: 7 }, { status: 200 });
      }),
    );
    const { user } = renderInspector(project);
    await user.click(await openButton('PUT /users/7?v=2'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(inspectorTexts.maskedLeftOut(['x-api-key']));
    await user.click(within(dialog).getByRole('button', { name: 'Call again' }));
    expect((await within(dialog).findByTestId('replay-status')).textContent).toBe('200 OK');
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('PUT');
    expect(received[0]?.url).toBe('http://localhost:3000/p/shop/users/7?v=2');
    expect(received[0]?.headers.get('x-tenant')).toBe('acme');
    expect(received[0]?.headers.get('x-api-key')).toBeNull();
    expect(received[0]?.body).toBe('{"name":"Ada"}');
  });

  it('makes a route of a 404’d call: the new route’s editor, with its method, path and body', async () => {
    const project = projectOf();
    serveLog(project, [
      callOf({
        id: 1,
        method: 'POST',
        path: '/orders/7',
        status: 404,
        response: null,
        body: '{"a":1}',
      }),
    ]);
    const { user, router } = renderInspector(project);
    await user.click(await openButton('POST /orders/7'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(inspectorTexts.noRouteAnswers('POST /orders/7'));
    expect(
      within(dialog).queryByRole('button', { name: 'Make a rule from this request' }),
    ).toBeNull();
    await user.click(
      within(dialog).getByRole('button', { name: 'Make a route from this request' }),
    );
    expect(router.state.location.pathname).toBe('/dashboard/projects/shop-id/routes/new');
    expect(router.state.location.state).toEqual({
      method: 'POST',
      path: '/orders/7',
      template: JSON.stringify({ __literal: { a: 1 } }, null, 2),
    });
  });

  it('shows a call a collection answered as the collection’s, offering no route or rule', async () => {
    const project = projectOf();
    serveLog(project, [
      callOf({ id: 1, path: '/users', route: 'GET /users', collection: 'users', response: null }),
    ]);
    const { user } = renderInspector(project);
    await user.click(await openButton('GET /users'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'The collection users answers this call (GET /users): its records, kept per session.',
    );
    expect(dialog.textContent).not.toContain('No route of this project');
    expect(dialog.textContent).toContain('Collection users');
    for (const name of ['Make a route from this request', 'Make a rule from this request']) {
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    }
  });

  it('lists how a call broke the spec, one violation a line', async () => {
    const project = projectOf();
    serveLog(project, [
      callOf({
        id: 1,
        path: '/pets',
        route: 'GET /pets',
        violations: ['query.limit: must be an integer, got "ten"', 'header.X-Trace: is required'],
      }),
    ]);
    const { user } = renderInspector(project);
    // The list marks the call, with the count in words.
    expect(await screen.findByRole('img', { name: '2 violations of the spec' })).toBeTruthy();
    await user.click(await openButton('GET /pets'));
    const dialog = within(await screen.findByRole('dialog'));
    const section = within(dialog.getByRole('region', { name: '2 violations of the spec' }));
    expect(section.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'query.limit: must be an integer, got "ten"',
      'header.X-Trace: is required',
    ]);
  });

  it('marks in a forwarded call the fields where the real API disagrees with its spec', async () => {
    const project = projectOf();
    serveLog(project, [
      callOf({
        id: 1,
        path: '/orders',
        upstream: { status: 200, ms: 31 },
        drift: ['body.items[0].price: must be a number, got "12"'],
      }),
    ]);
    const { user } = renderInspector(project);
    // The list marks the call, with the count in words.
    expect(
      await screen.findByRole('img', { name: 'The real API disagrees with its spec in 1 place' }),
    ).toBeTruthy();
    await user.click(await openButton('GET /orders'));
    const dialog = within(await screen.findByRole('dialog'));
    const section = within(
      dialog.getByRole('region', { name: 'The real API disagrees with its spec in 1 place' }),
    );
    expect(section.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'body.items[0].price: must be a number, got "12"',
    ]);
  });

  it('makes a rule of a call its route answered: the route’s editor, with the conditions ticked', async () => {
    const project = projectOf({ routes: [routeOf({ id: 'route-users', path: '/users/{id}' })] });
    serveLog(project, [
      callOf({
        id: 1,
        path: '/users/7',
        query: 'plan=gold',
        headers: { host: 'localhost:3000', 'x-tenant': 'acme' },
      }),
    ]);
    const { user, router } = renderInspector(project);
    await user.click(await openButton('GET /users/7?plan=gold'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(inspectorTexts.routeAnswers('GET /users/{id}'));
    expect(
      within(dialog).queryByRole('button', { name: 'Make a route from this request' }),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Make a rule from this request' }));
    const conditions = within(dialog).getByRole('group', { name: 'Conditions of the new rule' });
    const plan = within(conditions).getByRole('checkbox', {
      name: 'Query parameter plan equals gold',
    });
    const tenant = within(conditions).getByRole('checkbox', {
      name: 'Header x-tenant equals acme',
    });
    expect((plan as HTMLInputElement).checked).toBe(true);
    expect((tenant as HTMLInputElement).checked).toBe(false);
    // None ticked: said, and nothing opens.
    await user.click(plan);
    await user.click(
      within(conditions).getByRole('button', { name: 'Open the route editor with this rule' }),
    );
    expect(within(conditions).getByRole('alert').textContent).toBe(inspectorTexts.ruleNoChoice);
    await user.click(tenant);
    await user.click(
      within(conditions).getByRole('button', { name: 'Open the route editor with this rule' }),
    );
    expect(router.state.location.pathname).toBe('/dashboard/projects/shop-id/routes/route-users');
    expect(router.state.location.state).toEqual({
      rule: { conditions: [{ source: 'header', name: 'x-tenant', value: 'acme' }] },
    });
  });

  it('clears the log after the question, and forgets the calls shown', async () => {
    const project = projectOf();
    const { log } = serveLog(project, [callOf({ id: 1, path: '/users' })]);
    const { user, live } = renderInspector(project);
    await openButton('GET /users');
    live.current.open();
    live.current.push(callOf({ id: 2, path: '/orders' }));
    await user.click(screen.getByRole('button', { name: 'Clear log' }));
    const question = await screen.findByRole('alertdialog', { name: inspectorTexts.clearQuestion });
    expect(question.textContent).toContain(inspectorTexts.clearLine('Shop'));
    await user.click(within(question).getByRole('button', { name: 'Clear log' }));
    expect(await screen.findByText(inspectorTexts.cleared)).toBeTruthy();
    expect(log.calls).toEqual([]);
    expect(
      await screen.findByText(
        'No calls yet: call http://localhost:3000/p/shop and they appear here as they come.',
      ),
    ).toBeTruthy();
  });

  it('turns logging off with the project’s other settings sent as they are', async () => {
    const project = projectOf();
    project.settings = { ...project.settings, overrides: false, replay: true };
    const { patches } = serveLog(project);
    const { user } = renderInspector(project);
    const toggle = await screen.findByRole('switch', { name: inspectorTexts.logging });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(await screen.findByText(inspectorTexts.loggingTurnedOff)).toBeTruthy();
    expect(patches).toEqual([
      {
        settings: {
          overrides: false,
          network: null,
          replay: true,
          logging: false,
          authToken: null,
          validation: 'off',
          proxy: null,
        },
      },
    ]);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(inspectorTexts.loggingOff)).toBeTruthy();
    expect(screen.getByText(inspectorTexts.emptyLoggingOff)).toBeTruthy();
  });

  it('reloads the list when a lost feed is back, for the calls made meanwhile', async () => {
    const project = projectOf();
    const { log, queries } = serveLog(project, [callOf({ id: 1, path: '/users' })]);
    const { live } = renderInspector(project);
    await openButton('GET /users');
    live.current.open();
    live.current.fail();
    expect(screen.getByText(inspectorTexts.reconnecting)).toBeTruthy();
    log.calls.push(callOf({ id: 2, path: '/made-meanwhile' }) as LoggedCallView);
    const asked = queries.length;
    live.current.open();
    await openButton('GET /made-meanwhile');
    expect(queries.length).toBe(asked + 1);
  });

  it('says how many calls the live feed skipped, and reloads the list for them', async () => {
    const project = projectOf();
    const { log, queries } = serveLog(project, [callOf({ id: 1, path: '/users' })]);
    const { live } = renderInspector(project);
    await openButton('GET /users');
    live.current.open();
    log.calls.push(callOf({ id: 2, path: '/sent-while-behind' }) as LoggedCallView);
    const asked = queries.length;
    live.current.skip(40);
    live.current.skip(2);
    expect(await screen.findByText(inspectorTexts.skipped(42))).toBeTruthy();
    await openButton('GET /sent-while-behind');
    expect(queries.length).toBeGreaterThan(asked);
  });

  it('says how many calls the log misses when its answer is not complete', async () => {
    const project = projectOf();
    const { log } = serveLog(project, [callOf({ id: 1, path: '/users' })]);
    log.dropped = 3;
    renderInspector(project);
    expect(await screen.findByText(inspectorTexts.dropped(3))).toBeTruthy();
  });
});
