// @vitest-environment happy-dom
import { NETWORK_PRESETS } from '@mocksmith/core/network';
import type { RouteView } from '@mocksmith/core/projects';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectFieldError, expectNoFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { projectOf, routeOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';

type Session = ReturnType<typeof renderProjects>['user'];

async function setText(user: Session, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text !== '') {
    await user.click(field);
    await user.paste(text);
  }
}

const rule = (number: number) => within(screen.getByRole('group', { name: `Rule ${number}` }));
const condition = (ruleNumber: number, number: number) =>
  within(rule(ruleNumber).getByRole('group', { name: `Condition ${number}` }));

const response = (name: string, isDefault = false): RouteView['responses'][number] => ({
  name,
  status: 200,
  template: '{}',
  headers: [],
  delay: 0,
  default: isDefault,
  when: null,
});

/** A plan route answering `ok` (the default) or `premium`, in the shop's project. */
function planRoute(overrides: Partial<RouteView> = {}) {
  const route = routeOf({
    method: 'GET',
    path: '/plans/{id}',
    responses: [response('ok', true), response('premium')],
    ...overrides,
  });
  const store = serveProjects([projectOf({ id: 'shop-id', slug: 'shop', routes: [route] })]);
  return { route, store };
}

describe('the rules of a route', () => {
  it('shows no problem in a new rule before anything is typed, and one once a field is left empty', async () => {
    const { route } = planRoute();
    const { user } = renderProjects(`/dashboard/projects/shop-id/routes/${route.id}`);
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    // Two new rules, every field still empty: nothing is wrong yet.
    for (const number of [1, 2]) {
      expect(rule(number).queryAllByRole('alert')).toEqual([]);
      expectNoFieldError(condition(number, 1).getByLabelText('Name'));
      expectNoFieldError(condition(number, 1).getByLabelText('Value'));
    }
    await user.click(rule(1).getByRole('button', { name: 'Add condition to rule 1' }));
    expect(rule(1).queryAllByRole('alert')).toEqual([]);

    // A field typed in and emptied, or visited, says what it needs once it is left.
    const name = condition(1, 1).getByLabelText('Name');
    await user.type(name, 'x');
    await user.clear(name);
    await user.tab();
    await waitFor(() => expectFieldError(name, 'a header name is required'));
    const visited = condition(2, 1).getByLabelText('Name');
    await user.click(visited);
    await user.tab();
    await waitFor(() => expectFieldError(visited, 'a header name is required'));
    expectNoFieldError(condition(1, 2).getByLabelText('Name'));

    // Save shows every problem left.
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() =>
      expect(condition(1, 2).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'),
    );
  });

  it('builds rules from rows of conditions, reorders them, and saves them as the API takes them', async () => {
    const { route, store } = planRoute();
    const { user, router } = renderProjects(`/dashboard/projects/shop-id/routes/${route.id}`);
    expect(await screen.findByText('No rules: every call gets the route’s choice.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.type(rule(1).getByLabelText('Rule name (optional)'), 'Gold plan');
    await user.selectOptions(rule(1).getByLabelText('Match'), 'Any of these conditions (OR)');
    expect((condition(1, 1).getByLabelText('Source') as HTMLSelectElement).value).toBe('header');
    await user.type(condition(1, 1).getByLabelText('Name'), 'x-plan');
    await user.type(condition(1, 1).getByLabelText('Value'), 'gold');
    await user.click(rule(1).getByRole('button', { name: 'Add condition to rule 1' }));
    await user.selectOptions(condition(1, 2).getByLabelText('Source'), 'JSON body field');
    expect(condition(1, 2).getByLabelText('Name').getAttribute('placeholder')).toBe('$.user.plan');
    await user.type(condition(1, 2).getByLabelText('Name'), '$.user.plan');
    await user.selectOptions(condition(1, 2).getByLabelText('Operator'), 'is one of');
    await user.type(condition(1, 2).getByLabelText('Value'), 'gold, platinum');
    // The rule picks the response that is not the default.
    expect((rule(1).getByLabelText('Then answer') as HTMLSelectElement).value).toBe('premium');

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.selectOptions(condition(2, 1).getByLabelText('Source'), 'Query parameter');
    await user.type(condition(2, 1).getByLabelText('Name'), 'debug');
    await user.selectOptions(condition(2, 1).getByLabelText('Operator'), 'exists');
    expect(condition(2, 1).queryByLabelText('Value')).toBeNull();
    await user.selectOptions(rule(2).getByLabelText('Then answer'), 'ok');
    await user.click(rule(2).getByRole('button', { name: 'Move rule 2 up' }));
    expect((condition(1, 1).getByLabelText('Name') as HTMLInputElement).value).toBe('debug');
    expect(rule(1).getByRole('button', { name: 'Move rule 1 up' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(screen.getByRole('switch', { name: 'Overrides' }));
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/projects/shop-id'));
    expect(store.calls).toHaveLength(1);
    expect(store.calls[0]?.body).toMatchObject({
      rules: [
        {
          combine: 'all',
          conditions: [{ source: 'query', name: 'debug', operator: 'exists' }],
          response: 'ok',
        },
        {
          name: 'Gold plan',
          combine: 'any',
          conditions: [
            { source: 'header', name: 'x-plan', operator: 'equals', value: 'gold' },
            { source: 'body', name: '$.user.plan', operator: 'in', values: ['gold', 'platinum'] },
          ],
          response: 'premium',
        },
      ],
      network: null,
      overrides: false,
    });
    expect((store.calls[0]?.body as { rules: object[] } | undefined)?.rules[0]).not.toHaveProperty(
      'name',
    );
  }, 20_000);

  it('shows a regex RE2 refuses, a missing name and a response that is gone, before any call', async () => {
    const { route, store } = planRoute({
      rules: [
        {
          combine: 'all',
          conditions: [{ source: 'header', name: 'x-plan', operator: 'equals', value: 'gold' }],
          response: 'premium',
        },
      ],
    });
    const { user } = renderProjects(`/dashboard/projects/shop-id/routes/${route.id}`);
    const value = await waitFor(() => condition(1, 1).getByLabelText('Value'));
    expect((value as HTMLInputElement).value).toBe('gold');
    expect((condition(1, 1).getByLabelText('Source') as HTMLSelectElement).value).toBe('header');

    await user.selectOptions(condition(1, 1).getByLabelText('Operator'), 'matches regex');
    await setText(user, value, '^(?=gold)');
    await waitFor(() =>
      expectFieldError(
        value,
        'the regex /^(?=gold)/ cannot be used: invalid or unsupported Perl syntax: `(?=` (lookarounds such as (?=, (?!, (?<= and (?<! are not supported: rules match in linear time)',
      ),
    );
    await setText(user, value, '^gold$');
    await waitFor(() => expectNoFieldError(value));

    // An emptied field says it is required once it is left.
    await setText(user, condition(1, 1).getByLabelText('Name'), '');
    expectNoFieldError(condition(1, 1).getByLabelText('Name'));
    await user.tab();
    await waitFor(() =>
      expectFieldError(condition(1, 1).getByLabelText('Name'), 'a header name is required'),
    );
    await user.type(condition(1, 1).getByLabelText('Name'), 'x-plan');

    // The response it picks is renamed: the rule says so at once.
    const premium = within(screen.getByRole('group', { name: 'Response 2' }));
    await setText(user, premium.getByLabelText('Name of response 2'), 'gold');
    const answer = rule(1).getByLabelText('Then answer') as HTMLSelectElement;
    await waitFor(() =>
      expectFieldError(
        answer,
        'the rule picks "premium", which is not a response of this route; its responses: ok, gold',
      ),
    );
    expect(answer.selectedOptions[0]?.textContent).toBe('premium (not a response of this route)');
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    expect(store.calls).toEqual([]);

    await user.selectOptions(answer, 'gold');
    await waitFor(() => expectNoFieldError(answer));
  });

  it('refuses a parameter the path does not have, and places the server’s refusal beside its field', async () => {
    const { route, store } = planRoute();
    const { user, router } = renderProjects(`/dashboard/projects/shop-id/routes/${route.id}`);
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    await user.selectOptions(condition(1, 1).getByLabelText('Source'), 'Path parameter');
    await user.type(condition(1, 1).getByLabelText('Name'), 'id');
    await user.type(condition(1, 1).getByLabelText('Value'), '7');
    // The path changes under the rule: it names a parameter the path no longer has.
    await setText(user, screen.getByLabelText('Path'), '/plans');
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() =>
      expectFieldError(
        condition(1, 1).getByLabelText('Name'),
        'the path has no parameters, so "id" is never there',
      ),
    );
    expect(store.calls).toEqual([]);

    await setText(user, screen.getByLabelText('Path'), '/plans/{id}');
    server.use(
      http.put(backend(`/projects/shop-id/routes/${route.id}`), () =>
        errorAnswer(
          400,
          'VALIDATION_FAILED',
          '$.rules[0].conditions[0].value: the value is longer than 1000 characters',
          [
            {
              path: '$.rules[0].conditions[0].value',
              message: 'the value is longer than 1000 characters',
            },
          ],
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() =>
      expectFieldError(
        condition(1, 1).getByLabelText('Value'),
        'the value is longer than 1000 characters',
      ),
    );
    expect(router.state.location.pathname).toBe(`/dashboard/projects/shop-id/routes/${route.id}`);
  });
});

describe('the network profile of a route', () => {
  const overloaded = NETWORK_PRESETS.find((preset) => preset.name.startsWith('Overloaded'));

  it('fills the fields from a preset, charts the latency, and saves the route’s own profile', async () => {
    if (!overloaded) throw new Error('the presets changed');
    const { route, store } = planRoute();
    const { user, router } = renderProjects(`/dashboard/projects/shop-id/routes/${route.id}`);
    const own = await screen.findByRole('radio', { name: /Its own profile/ });
    expect(
      screen.getByRole('radio', {
        name: 'Use the project’s profile The project has none: calls answer at once, with no faults and no limit.',
      }),
    ).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Preset')).toBeNull();
    await user.click(own);

    // The fields of a profile of its own load when it is chosen.
    await user.selectOptions(await screen.findByLabelText('Preset'), overloaded.name);
    expect(screen.getByText(overloaded.description)).toBeTruthy();
    expect((screen.getByLabelText('Latency') as HTMLSelectElement).value).toBe('lognormal');
    expect((screen.getByLabelText('Median, p50 (ms)') as HTMLInputElement).value).toBe('800');
    expect((screen.getByLabelText('95th percentile, p95 (ms)') as HTMLInputElement).value).toBe(
      '3000',
    );
    expect(
      screen.getByRole('switch', { name: 'Fault injection' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect((screen.getByLabelText('Share of calls (%)') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Fault status') as HTMLSelectElement).value).toBe('503');
    const chart = screen.getByRole('img', {
      name: 'Latency distribution, lognormal p50 800 ms, p95 3 s: half of calls wait up to 800 ms, 95 % up to 3 s',
    });
    expect(chart.querySelectorAll('path').length).toBe(2);
    expect(chart.closest('figure')?.querySelector('figcaption')?.textContent).toBe(
      'lognormal p50 800 ms, p95 3 s',
    );

    // A field changed: the preset is Custom, and a wrong value is named beside its field.
    const p95 = screen.getByLabelText('95th percentile, p95 (ms)');
    await setText(user, p95, '300');
    await waitFor(() =>
      expectFieldError(
        p95,
        'p95 (300 ms) must be at least p50 (800 ms): 95 % of calls cannot be faster than half of them',
      ),
    );
    expect((screen.getByLabelText('Preset') as HTMLSelectElement).value).toBe('custom');
    expect(screen.queryByRole('img', { name: /^Latency distribution/ })).toBeNull();
    await setText(user, p95, '2000');
    await waitFor(() => expectNoFieldError(p95));
    await user.click(screen.getByRole('switch', { name: 'Rate limit per consumer' }));
    expect(
      screen.getByText('Keyed by bearer token, else X-Mock-Session, else address.'),
    ).toBeTruthy();
    await setText(user, screen.getByLabelText('Calls'), '20');
    await user.selectOptions(screen.getByLabelText('Per'), 'Second');

    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/projects/shop-id'));
    expect(store.calls[0]?.body).toMatchObject({
      network: {
        latency: { kind: 'lognormal', p50: 800, p95: 2000 },
        fault: { percent: 10, kind: 'status', status: 503 },
        rateLimit: { limit: 20, per: 'second' },
      },
    });
  });

  it('keeps a stored profile of its own, and goes back to the project’s', async () => {
    const flaky = NETWORK_PRESETS.find((preset) => preset.name === 'Flaky (5 % 503)');
    if (!flaky) throw new Error('the presets changed');
    const { route, store } = planRoute({ network: flaky.profile });
    const { user, router } = renderProjects(`/dashboard/projects/shop-id/routes/${route.id}`);
    expect(await screen.findByRole('radio', { name: /Its own profile/ })).toHaveProperty(
      'checked',
      true,
    );
    expect((screen.getByLabelText('Preset') as HTMLSelectElement).value).toBe(flaky.name);
    expect(
      screen.getByRole('img', { name: /^Latency distribution, uniform 50 ms to 250 ms/ }),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Use the project’s profile/ }));
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/projects/shop-id'));
    expect(store.calls[0]?.body).toMatchObject({ network: null });
  });
});

describe('the route table', () => {
  it('shows how many rules a route has, each in words, and a profile of its own', async () => {
    const overloaded = NETWORK_PRESETS.find((preset) => preset.name.startsWith('Overloaded'));
    if (!overloaded) throw new Error('the presets changed');
    planRoute({
      name: 'One plan',
      rules: [
        {
          name: 'Gold',
          combine: 'all',
          conditions: [
            { source: 'header', name: 'x-plan', operator: 'equals', value: 'gold' },
            { source: 'query', name: 'tier', operator: 'in', values: ['a', 'b'] },
          ],
          response: 'premium',
        },
        {
          combine: 'any',
          conditions: [{ source: 'body', name: '$.total', operator: 'gte', value: '100' }],
          response: 'premium',
        },
      ],
      network: overloaded.profile,
    });
    const { user } = renderProjects('/dashboard/projects/shop-id');
    const row = within(await screen.findByRole('row', { name: 'GET /plans/{id}' }));
    const summary = row.getByText('2 rules');
    await user.click(summary);
    expect(row.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Gold: header x-plan equals "gold" AND query tier in [a, b] → premium',
      'body $.total ≥ 100 → premium',
    ]);
    expect(
      row.getByText('Network: lognormal p50 800 ms, p95 3 s · 10 % 503', {
        normalizer: (text) => text.trim(),
      }),
    ).toBeTruthy();
  });
});
