import { describe, expect, it } from 'vitest';
import {
  apiMessages,
  createUserApiInputSchema,
  DELAY_MESSAGE,
  deleteApiInputSchema,
  historyListSchema,
  MAX_TAGS,
  type Sharing,
  sharingIssues,
  tagsSchema,
  updateApiInputSchema,
  userApiSchema,
} from './api.ts';

const TOKEN = `mck_${'a'.repeat(32)}`;

/** The messages of a failed parse, in order; [] when it passes. */
function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

const create = (body: Record<string, unknown>) =>
  createUserApiInputSchema.safeParse({ template: '{"id":"uuid"}', name: 'Users', ...body });

describe('sharingIssues', () => {
  const shared: Sharing = {
    isPublic: true,
    category: 'ecommerce',
    description: 'A list of users with their orders',
    tags: [],
  };

  it('finds nothing wrong with a private API, whatever its other fields', () => {
    expect(sharingIssues({ isPublic: false, category: null, description: null, tags: [] })).toEqual(
      [],
    );
  });

  it('accepts a public API with a category and a description of 10 characters', () => {
    expect(sharingIssues(shared)).toEqual([]);
    expect(sharingIssues({ ...shared, description: '0123456789' })).toEqual([]);
  });

  it('requires a category to share, with the spec’s text', () => {
    expect(sharingIssues({ ...shared, category: null })).toEqual([
      { path: 'category', message: 'Category is required when sharing with community' },
    ]);
  });

  it('requires a description of at least 10 characters (trimmed) to share, with the spec’s text', () => {
    const text = 'Description (minimum 10 characters) is required when sharing with community';
    for (const description of [null, '', 'too short', '   short   ']) {
      expect(sharingIssues({ ...shared, description })).toEqual([
        { path: 'description', message: text },
      ]);
    }
  });

  it('reports both problems at once', () => {
    expect(
      sharingIssues({ ...shared, category: null, description: null }).map((i) => i.path),
    ).toEqual(['category', 'description']);
  });
});

describe('createUserApiInputSchema', () => {
  it('fills in the defaults of a minimal body', () => {
    const result = createUserApiInputSchema.parse({ template: '{}', name: '  Users  ' });
    expect(result).toEqual({
      template: '{}',
      requestEnum: 'GET',
      name: 'Users',
      customEndpoint: null,
      option: { delay: 0, authToken: null, httpCode: 200 },
      customHeaders: [],
      isPublic: false,
      category: null,
      description: null,
      tags: [],
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('requires a name (%s) with the exact text', (_label, name) => {
    const result = createUserApiInputSchema.safeParse({ template: '{}', name });
    expect(messagesOf(result)).toEqual(['API name is required']);
  });

  it('refuses a name over 100 characters', () => {
    expect(messagesOf(create({ name: 'x'.repeat(101) }))).toEqual([
      'API name must be at most 100 characters',
    ]);
  });

  it('applies the sharing rules to a public API', () => {
    expect(messagesOf(create({ isPublic: true }))).toEqual([
      apiMessages.categoryRequired,
      apiMessages.descriptionRequired,
    ]);
    expect(
      create({ isPublic: true, category: 'social', description: 'Posts of a social network' })
        .success,
    ).toBe(true);
  });

  it('treats an empty category as none, and names the categories for a wrong one', () => {
    expect(create({ category: '' }).data?.category).toBeNull();
    expect(
      messagesOf(create({ isPublic: true, category: '', description: 'long enough' })),
    ).toEqual([apiMessages.categoryRequired]);
    expect(messagesOf(create({ category: 'games' }))).toEqual([
      'category must be one of blog, ecommerce, social, analytics, auth, other',
    ]);
  });

  it('refuses a description over 500 characters', () => {
    expect(messagesOf(create({ description: 'x'.repeat(501) }))).toEqual([
      'Description must be at most 500 characters',
    ]);
  });

  it('checks the options: delay 0 to 10000, a listed status, a mck_ token', () => {
    expect(create({ option: { delay: 10000, httpCode: 503, authToken: TOKEN } }).success).toBe(
      true,
    );
    for (const delay of [-1, 10001, 1.5, '100']) {
      expect(messagesOf(create({ option: { delay } }))).toEqual([DELAY_MESSAGE]);
    }
    expect(messagesOf(create({ option: { httpCode: 302 } }))).toEqual([
      'httpCode must be one of 200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 503',
    ]);
    for (const authToken of ['secret', `mck_${'a'.repeat(31)}`, `tok_${'a'.repeat(32)}`]) {
      expect(messagesOf(create({ option: { authToken } }))).toEqual([
        'authToken must be mck_ followed by at least 32 URL-safe characters',
      ]);
    }
  });
});

describe('tags', () => {
  it('trims each tag and drops empty ones', () => {
    expect(tagsSchema.parse(['  api ', '', '   ', 'users'])).toEqual(['api', 'users']);
  });

  it('accepts 10 tags and refuses 11', () => {
    const ten = Array.from({ length: MAX_TAGS }, (_, i) => `tag${i}`);
    expect(tagsSchema.parse(ten)).toEqual(ten);
    expect(messagesOf(tagsSchema.safeParse([...ten, 'one-more']))).toEqual([
      'At most 10 tags are allowed',
    ]);
  });

  it('accepts 20 characters and refuses 21, naming the tag', () => {
    expect(tagsSchema.parse(['x'.repeat(20)])).toEqual(['x'.repeat(20)]);
    expect(messagesOf(tagsSchema.safeParse(['x'.repeat(21)]))).toEqual([
      `Tag "${'x'.repeat(21)}" is longer than 20 characters`,
    ]);
  });

  it('counts the length after trimming', () => {
    expect(tagsSchema.parse([`  ${'x'.repeat(20)}  `])).toEqual(['x'.repeat(20)]);
  });

  it('refuses a tag given twice, ignoring case and spaces', () => {
    expect(messagesOf(tagsSchema.safeParse(['API', ' api']))).toEqual(['Tag "api" is given twice']);
  });

  it('takes null as no tags at creation', () => {
    expect(create({ tags: null }).data?.tags).toEqual([]);
  });
});

describe('custom headers', () => {
  const headers = (customHeaders: unknown) => messagesOf(create({ customHeaders }));

  it('accepts HTTP token names and printable values, names trimmed', () => {
    const result = create({
      customHeaders: [
        { name: ' X-Request-Id ', value: 'abc 123\tdef' },
        { name: 'Cache-Control', value: 'no-cache' },
      ],
    });
    expect(result.data?.customHeaders).toEqual([
      { name: 'X-Request-Id', value: 'abc 123\tdef' },
      { name: 'Cache-Control', value: 'no-cache' },
    ]);
  });

  it.each(['X Request', 'X:Id', '', 'Ünicode', 'x'.repeat(101)])('refuses the name %j', (name) => {
    expect(headers([{ name, value: 'v' }])).toEqual([apiMessages.headerName(name)]);
  });

  it.each([
    'Set-Cookie',
    'content-length',
    'Access-Control-Allow-Origin',
    'Access-Control-Expose-Headers',
    'Transfer-Encoding',
    'Content-Encoding',
    'Clear-Site-Data',
    'Refresh',
    'Content-Security-Policy',
    'Strict-Transport-Security',
    'Service-Worker-Allowed',
    'Link',
    'Alt-Svc',
    'X-Content-Type-Options',
    'Keep-Alive',
    'Upgrade',
  ])('refuses the reserved name %s', (name) => {
    expect(headers([{ name, value: 'v' }])).toEqual([apiMessages.headerReserved(name)]);
  });

  it.each([
    ['a CR LF', 'a\r\nSet-Cookie: x=1'],
    ['a LF', 'a\nb'],
    ['a NUL', 'a\0b'],
    ['a character Node cannot send', 'price in €'],
    ['a value over 1024 characters', 'x'.repeat(1025)],
  ])('refuses %s in a value', (_label, value) => {
    expect(headers([{ name: 'X-Test', value }])).toEqual([apiMessages.headerValue('X-Test')]);
  });

  it('refuses a name given twice, ignoring case', () => {
    expect(
      headers([
        { name: 'X-Test', value: 'a' },
        { name: 'x-test', value: 'b' },
      ]),
    ).toEqual([apiMessages.duplicateHeader('x-test')]);
  });

  it('refuses more than 20 headers', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `X-H${i}`, value: 'v' }));
    expect(headers(many)).toEqual(['At most 20 custom headers are allowed']);
  });
});

describe('updateApiInputSchema', () => {
  const base = { id: 'some-id', template: '{}', name: 'Users', requestEnum: 'GET' };

  it('leaves out what the body leaves out, so the stored values are kept', () => {
    const result = updateApiInputSchema.parse(base);
    expect(result).toEqual({ ...base, customEndpoint: null });
    for (const field of [
      'option',
      'customHeaders',
      'isPublic',
      'category',
      'description',
      'tags',
    ]) {
      expect(result).not.toHaveProperty(field);
    }
  });

  it('takes explicit clears: null category and description, null tags', () => {
    const result = updateApiInputSchema.parse({
      ...base,
      category: null,
      description: '',
      tags: null,
    });
    expect(result).toMatchObject({ category: null, description: null, tags: [] });
  });

  it('requires the id, the name (spec text) and a method', () => {
    expect(messagesOf(updateApiInputSchema.safeParse({ ...base, id: '' }))).toEqual([
      'id is required',
    ]);
    expect(messagesOf(updateApiInputSchema.safeParse({ ...base, name: ' ' }))).toEqual([
      'API name is required',
    ]);
    expect(messagesOf(updateApiInputSchema.safeParse({ ...base, requestEnum: 'PATCH' }))).toEqual([
      'requestEnum must be one of GET, POST, PUT, DELETE',
    ]);
  });
});

describe('deleteApiInputSchema', () => {
  it('requires idTemplate', () => {
    expect(deleteApiInputSchema.parse({ idTemplate: 'x', idRequest: 'y' })).toEqual({
      idTemplate: 'x',
      idRequest: 'y',
    });
    expect(messagesOf(deleteApiInputSchema.safeParse({}))).toEqual(['idTemplate is required']);
  });
});

describe('response schemas', () => {
  it('describe a listed API and the history list', () => {
    const api = {
      id: '0b7e4f0c-3d6a-4c1e-9f42-8a1d2c7b5e90',
      requestId: 'abcdefghij012345',
      userId: 'user-1',
      name: 'Users',
      description: null,
      template: '{}',
      requestEnum: 'GET',
      customEndpoint: '/users',
      option: { delay: 0, authToken: null, httpCode: 200 },
      customHeaders: [{ name: 'X-A', value: '1' }],
      isPublic: false,
      category: null,
      tags: [],
      createDate: '2026-01-01T00:00:00.000Z',
      countUsed: 3,
      link: 'http://localhost:3000/backend/apitemplate/get/abcdefghij012345/users',
    };
    expect(userApiSchema.parse(api)).toEqual(api);
    const list = {
      messageHistoryList: [
        { typeMessage: 'WARN', message: 'w', createdAt: '2026-01-01T00:00:01.000Z' },
        { typeMessage: 'CREATE', message: 'c', createdAt: '2026-01-01T00:00:00.000Z' },
      ],
    };
    expect(historyListSchema.parse(list)).toEqual(list);
    expect(historyListSchema.safeParse({ messageHistoryList: [{ typeMessage: 'LIKE' }] })).toEqual(
      expect.objectContaining({ success: false }),
    );
  });
});
