import { describe, expect, it } from 'vitest';
import { toProjectRoute } from '../api/get-project.ts';
import { routeOf } from '../testing/projects-server.ts';
import { draftOf, newResponseDraft, newRouteDraft, type RouteDraftInput } from './route-draft.ts';
import { routeDraftSchema, toRouteInput } from './route-draft-schema.ts';

describe('the route draft', () => {
  it('round-trips a stored route into the management API’s input, the default kept', async () => {
    const stored = routeOf({
      method: 'GET',
      path: '/aws',
      name: 'Domains',
      responseMode: 'random',
      responses: [
        {
          name: 'get',
          status: 200,
          template: '{"a":1}',
          headers: [{ name: 'X-A', value: '1' }],
          delay: 10,
          default: false,
          when: { header: 'x-amz-target', equals: 'GetDomainDetail' },
        },
        {
          name: 'list',
          status: 200,
          template: '[]',
          headers: [],
          delay: 0,
          default: true,
          when: null,
        },
      ],
    });
    const draft = draftOf(toProjectRoute(stored));
    expect(draft.defaultResponse).toBe('1');
    expect(draft.responses[0]?.template).toBe('{\n  "a": 1\n}');
    const parsed = await routeDraftSchema.parseAsync(draft);
    expect(toRouteInput(parsed)).toEqual({
      method: 'GET',
      path: '/aws',
      name: 'Domains',
      responseMode: 'random',
      authToken: null,
      rules: [],
      network: null,
      overrides: true,
      responses: [
        {
          name: 'get',
          status: 200,
          template: '{\n  "a": 1\n}',
          headers: [{ name: 'X-A', value: '1' }],
          delay: 10,
          default: false,
          when: { header: 'x-amz-target', equals: 'GetDomainDetail' },
        },
        { name: 'list', status: 200, template: '[]', headers: [], delay: 0, default: true },
      ],
    });
  });

  it('names a new response after those there are, never twice', () => {
    expect(newResponseDraft().name).toBe('ok');
    expect(newResponseDraft(['ok']).name).toBe('response-2');
    expect(newResponseDraft(['ok', 'response-2']).name).toBe('response-3');
    expect(newResponseDraft(['ok', 'response-3']).name).toBe('response-4');
  });

  it('refuses a status out of range, an empty one, and a delay too long, in core’s words', async () => {
    const draft = newRouteDraft();
    const result = await routeDraftSchema.safeParseAsync({
      ...draft,
      responses: [
        { ...draft.responses[0], status: '700' },
        { ...newResponseDraft(['ok']), status: '' },
        { ...newResponseDraft(['ok', 'response-2']), delay: '999999' },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    expect(messages).toEqual([
      'responses.0.status: status must be between 200 and 599',
      'responses.1.status: status must be a number',
      expect.stringMatching(/^responses\.2\.delay: delay must be 0 to \d+ ms$/),
    ]);
  });
});

describe('the rules and the network profile of a route draft', () => {
  const rule = (value: string, response = 'premium') => ({
    name: '',
    combine: 'all' as const,
    conditions: [{ source: 'header' as const, name: 'x-plan', operator: 'regex' as const, value }],
    response,
  });

  it('shows core’s rule problems at the fields, even while another field is wrong', async () => {
    const draft = newRouteDraft();
    const result = await routeDraftSchema.safeParseAsync({
      ...draft,
      responses: [{ ...draft.responses[0], status: '700' }],
      rules: [rule('^(?=gold)'), rule('gold', 'gone')],
    });
    const messages = result.error?.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    expect(messages).toEqual([
      'responses.0.status: status must be between 200 and 599',
      'rules.0.response: the rule picks "premium", which is not a response of this route; its responses: ok',
      'rules.0.conditions.0.value: the regex /^(?=gold)/ cannot be used: invalid or unsupported Perl syntax: `(?=` (lookarounds such as (?=, (?!, (?<= and (?<! are not supported: rules match in linear time)',
      'rules.1.response: the rule picks "gone", which is not a response of this route; its responses: ok',
    ]);
  });

  it('sends the rules as the API takes them, an own profile checked, the project’s as null', async () => {
    const draft = newRouteDraft();
    const typed = {
      ...draft,
      path: '/plans/{id}',
      responses: [...draft.responses, { ...newResponseDraft(['ok']), name: 'premium' }],
      rules: [
        {
          name: ' Gold ',
          combine: 'any',
          conditions: [
            { source: 'header', name: ' x-plan ', operator: 'in', value: 'gold, platinum,' },
            { source: 'param', name: 'id', operator: 'exists', value: 'left' },
            { source: 'body', name: '$.total', operator: 'gte', value: '100' },
          ],
          response: 'premium',
        },
      ],
      networkMode: 'own',
      network: { ...draft.network, latency: 'fixed', ms: '250', rateLimit: true, limit: '5' },
    } satisfies RouteDraftInput;
    const input = toRouteInput(await routeDraftSchema.parseAsync(typed));
    expect(input.rules).toEqual([
      {
        name: 'Gold',
        combine: 'any',
        conditions: [
          { source: 'header', name: 'x-plan', operator: 'in', values: ['gold', 'platinum'] },
          { source: 'param', name: 'id', operator: 'exists' },
          { source: 'body', name: '$.total', operator: 'gte', value: '100' },
        ],
        response: 'premium',
      },
    ]);
    expect(input.network).toEqual({
      latency: { kind: 'fixed', ms: 250 },
      fault: null,
      rateLimit: { limit: 5, per: 'minute' },
    });
    expect(
      toRouteInput(await routeDraftSchema.parseAsync({ ...typed, networkMode: 'project' })).network,
    ).toBe(null);
  });

  it('refuses an own profile with core’s words beside its fields', async () => {
    const draft = newRouteDraft();
    const result = await routeDraftSchema.safeParseAsync({
      ...draft,
      networkMode: 'own',
      network: {
        ...draft.network,
        latency: 'lognormal',
        p50: '800',
        p95: '300',
        fault: true,
        percent: '150',
      },
    });
    expect(
      result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    ).toEqual([
      'network.p95: p95 (300 ms) must be at least p50 (800 ms): 95 % of calls cannot be faster than half of them',
      'network.percent: fault.percent must be from 0 to 100',
    ]);
  });
});
