import { messages } from '@mocksmith/core/errors';
import { apiMessages, CUSTOM_ENDPOINT_MESSAGE, DELAY_MESSAGE } from '@mocksmith/core/texts';
import { describe, expect, it } from 'vitest';
import { type ApiDraftInput, newApiDraft, toApiPayload } from './api-draft.ts';
import { apiDraftSchema } from './api-draft-schema.ts';

const form: ApiDraftInput = { ...newApiDraft('{"id":"uuid"}'), name: 'Users' };

/** The message of each field the draft is refused for. */
function problems(draft: ApiDraftInput): Record<string, string> {
  const parsed = apiDraftSchema.safeParse(draft);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('apiDraftSchema', () => {
  it('gives the trimmed name, the normalised endpoint and the defaults as the payload', () => {
    const draft = apiDraftSchema.parse({
      ...form,
      name: '  Users ',
      customEndpoint: 'users/list/',
    });
    expect(toApiPayload(draft)).toEqual({
      name: 'Users',
      template: '{"id":"uuid"}',
      requestEnum: 'GET',
      customEndpoint: '/users/list',
      option: { delay: 0, authToken: null, httpCode: 200 },
      customHeaders: [],
      isPublic: false,
      category: null,
      description: null,
      tags: [],
    });
    expect(apiDraftSchema.parse(form).customEndpoint).toBeNull();
  });

  it('names every problem with the spec’s texts', () => {
    expect(problems({ ...form, name: ' ', customEndpoint: '/a b', template: '{"id":' })).toEqual({
      name: apiMessages.nameRequired,
      customEndpoint: CUSTOM_ENDPOINT_MESSAGE,
      template: messages.invalidJsonApiPage,
    });
  });

  it('takes delays from 0 to 10000 whole milliseconds only', () => {
    for (const delay of ['0', '500', '10000', '']) {
      expect(apiDraftSchema.safeParse({ ...form, delay }).success, delay).toBe(true);
    }
    for (const delay of ['-1', '10001', '1.5', 'soon']) {
      expect(problems({ ...form, delay }), delay).toEqual({ delay: DELAY_MESSAGE });
    }
  });

  it('drops empty header rows and names a bad or repeated header beside its row', () => {
    const draft = apiDraftSchema.parse({
      ...form,
      headers: [
        { name: ' X-Trace ', value: 'abc' },
        { name: '', value: '' },
      ],
    });
    expect(draft.headers).toEqual([{ name: 'X-Trace', value: 'abc' }]);
    expect(
      problems({
        ...form,
        headers: [
          { name: '', value: '' },
          { name: 'Bad Name', value: 'x' },
        ],
      }),
    ).toEqual({ 'headers.1.name': apiMessages.headerName('Bad Name') });
    expect(
      problems({
        ...form,
        headers: [
          { name: 'X-A', value: '1' },
          { name: 'x-a', value: '2' },
        ],
      }),
    ).toEqual({ 'headers.1.name': apiMessages.duplicateHeader('x-a') });
  });

  it('applies the sharing rules to a public API, beside the other problems', () => {
    expect(
      problems({
        ...form,
        name: '',
        isPublic: true,
        headers: [{ name: 'Bad Name', value: '' }],
      }),
    ).toEqual({
      name: apiMessages.nameRequired,
      'headers.0.name': apiMessages.headerName('Bad Name'),
      category: apiMessages.categoryRequired,
      description: apiMessages.descriptionRequired,
    });
    const shared = apiDraftSchema.parse({
      ...form,
      isPublic: true,
      category: 'ecommerce',
      description: '  A shop of ten products  ',
      tags: ['shop'],
    });
    expect(shared).toMatchObject({
      isPublic: true,
      category: 'ecommerce',
      description: 'A shop of ten products',
      tags: ['shop'],
    });
  });
});
