import { messages } from '@mocksmith/core/errors';
import { apiMessages, CUSTOM_ENDPOINT_MESSAGE } from '@mocksmith/core/schemas';
import { describe, expect, it } from 'vitest';
import { checkApiForm } from './api-form.ts';
import { DEFAULT_API_OPTIONS } from './api-options.ts';

const form = {
  name: 'Users',
  customEndpoint: '',
  template: '{"id":"uuid"}',
  options: DEFAULT_API_OPTIONS,
};

describe('checkApiForm', () => {
  it('gives the trimmed name, the normalised endpoint and the options', () => {
    const checked = checkApiForm({ ...form, name: '  Users ', customEndpoint: 'users/list/' });
    expect(checked).toMatchObject({
      ok: true,
      value: { name: 'Users', customEndpoint: '/users/list', option: { delay: 0, httpCode: 200 } },
    });
    expect(checkApiForm(form)).toMatchObject({ ok: true, value: { customEndpoint: null } });
  });

  it('names every problem with the spec’s texts', () => {
    expect(
      checkApiForm({ ...form, name: ' ', customEndpoint: '/a b', template: '{"id":' }),
    ).toEqual({
      ok: false,
      errors: {
        name: apiMessages.nameRequired,
        customEndpoint: CUSTOM_ENDPOINT_MESSAGE,
        template: messages.invalidJsonApiPage,
      },
    });
    expect(
      checkApiForm({
        ...form,
        options: { ...DEFAULT_API_OPTIONS, isPublic: true, category: 'blog' },
      }),
    ).toEqual({ ok: false, errors: { description: apiMessages.descriptionRequired } });
  });
});
