/** The signed-in template and history calls for the integration tests, made as the web makes them. */
import type { UserApi } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import { pathOf } from './helper.ts';

/** A template of the full catalogue (not allowed in the demo). */
export const USERS_TEMPLATE = JSON.stringify({
  id: 'uuid',
  name: 'string.name.fullname',
  orders: [{ __multiply: '2-2', total: 'number.money.price' }],
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiCalls(app: FastifyInstance) {
  const call = (
    method: Method,
    url: string,
    cookie?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as never }),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });

  return {
    call,
    /** `POST /backend/crud/user` with a valid body, overridden by `body`. */
    create: (cookie: string | undefined, body: Record<string, unknown> = {}) =>
      call('POST', '/backend/crud/user', cookie, {
        template: USERS_TEMPLATE,
        name: 'Users',
        requestEnum: 'GET',
        ...body,
      }),
    list: (cookie: string | undefined, userId: string) =>
      call('GET', `/backend/crud/getall/${encodeURIComponent(userId)}`, cookie),
    update: (cookie: string | undefined, body: Record<string, unknown>) =>
      call('PUT', '/backend/template', cookie, body),
    remove: (cookie: string | undefined, body: Record<string, unknown>) =>
      call('DELETE', '/backend/template', cookie, body),
    history: (cookie: string | undefined, email: string) =>
      call('GET', `/backend/history/${encodeURIComponent(email)}`, cookie),
    /** One call of the API's public URL in the form the service links to. */
    callLink: (api: { link: string; requestEnum: Method }, headers: Record<string, string> = {}) =>
      app.inject({ method: api.requestEnum, url: pathOf(api.link), headers }),
    /** One call of the API's `/api/{requestId}` form. */
    callShort: (
      api: { requestId: string; requestEnum: Method },
      headers: Record<string, string> = {},
    ) => app.inject({ method: api.requestEnum, url: `/api/${api.requestId}`, headers }),
  };
}

/** The spec's `PUT /backend/template` payload for a listed API, with changes. */
export function updateBody(api: UserApi, changes: Record<string, unknown> = {}) {
  return {
    id: api.id,
    requestId: api.requestId,
    userId: api.userId,
    name: api.name,
    template: api.template,
    requestEnum: api.requestEnum,
    customEndpoint: api.customEndpoint,
    option: api.option,
    ...changes,
  };
}
