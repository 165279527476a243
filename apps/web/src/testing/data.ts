/** Data of the component tests: a signed-in user, stored APIs, a small catalogue. */
import type { SessionUser } from '@mocksmith/core/auth';
import { mockUrl } from '@mocksmith/core/http';
import type { UserApi } from '@mocksmith/core/schemas';
import type { DataTypeInfo } from '@mocksmith/core/types-info';

/** The user the guarded pages are rendered for. */
export const testUser: SessionUser = {
  userId: 'user-1',
  email: 'ada@example.test',
  username: 'Ada',
  isGoogle: false,
  isBanned: false,
};

let apiCount = 0;

/** A stored API as the server lists it, with a fresh id and request id. */
export function userApi(overrides: Partial<UserApi> = {}): UserApi {
  apiCount += 1;
  const requestId = overrides.requestId ?? `req${apiCount.toString().padStart(13, '0')}`;
  const method = overrides.requestEnum ?? 'GET';
  return {
    id: `api-${apiCount}`,
    requestId,
    userId: testUser.userId,
    name: `API ${apiCount}`,
    description: null,
    template: '{"id":"uuid","name":"string"}',
    requestEnum: method,
    customEndpoint: null,
    option: { delay: 0, authToken: null, httpCode: 200 },
    customHeaders: [],
    isPublic: false,
    category: null,
    tags: [],
    createDate: '2026-01-05T10:00:00.000Z',
    countUsed: 0,
    link: mockUrl('http://localhost:3000', {
      method,
      requestId,
      customEndpoint: overrides.customEndpoint,
    }),
    ...overrides,
  };
}

/** A few catalogue types: enough for the picker, completion and hints. */
export const testTypes: DataTypeInfo[] = [
  { name: 'string', kind: 'string', category: 'basic', description: 'A word', example: 'lorem' },
  { name: 'uuid', kind: 'string', category: 'basic', description: 'A UUID', example: 'c0ffee' },
  {
    name: 'number.money.price',
    kind: 'number',
    category: 'money',
    description: 'A price',
    example: 9.99,
  },
];
