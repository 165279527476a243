import { describe, expect, it } from 'vitest';
import { routeOf } from '../testing/projects-server.ts';
import {
  draftOf,
  newResponseDraft,
  newRouteDraft,
  routeDraftSchema,
  toRouteInput,
} from './route-draft.ts';

describe('the route draft', () => {
  it('round-trips a stored route into the management API’s input, the default kept', () => {
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
    const draft = draftOf(stored);
    expect(draft.defaultResponse).toBe('1');
    expect(draft.responses[0]?.template).toBe('{\n  "a": 1\n}');
    const parsed = routeDraftSchema.parse(draft);
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

  it('refuses a status out of range, an empty one, and a delay too long, in core’s words', () => {
    const draft = newRouteDraft();
    const result = routeDraftSchema.safeParse({
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
