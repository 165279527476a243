/**
 * A stand-alone API as the one domain shape (DESIGN.md §4b): a route (its custom endpoint as its
 * path, one response) in a project of one route. The exports of stand-alone APIs read them so.
 */
import { type HttpMethod, STATUS_TEXTS, type StatusCode } from '../http.ts';
import type { ApiOption, UserApi } from '../schemas/api.ts';
import type { ExportRoute } from './openapi-export.ts';

/**
 * What the exports read of a stand-alone API: the fields of the list call's answer (`UserApi`)
 * that make its request, its example and its checks.
 */
export interface StandAloneApi
  extends Pick<UserApi, 'requestId' | 'name' | 'description' | 'template' | 'customEndpoint'> {
  requestEnum: HttpMethod;
  option: Pick<ApiOption, 'httpCode' | 'authToken'>;
}

/** The collection variable holding the bearer token of the stand-alone API of this request id. */
export function tokenVariable(requestId: string): string {
  return `token_${requestId}`;
}

/** The reason phrase of a status code, or none for one outside the selectable codes. */
export function statusText(code: number): string {
  return STATUS_TEXTS[code as StatusCode] ?? '';
}

/**
 * A stand-alone API as a route: its custom endpoint its path (null without one), its one
 * response (named `200 OK`, as the Postman export shows it) the default.
 */
export function standAloneRoute(api: StandAloneApi): ExportRoute {
  const code = api.option.httpCode;
  return {
    requestId: api.requestId,
    method: api.requestEnum,
    path: api.customEndpoint,
    name: api.name,
    description: api.description,
    authToken: api.option.authToken,
    responses: [
      {
        name: `${code} ${statusText(code)}`.trim(),
        status: code,
        template: api.template,
        headers: [],
        delay: 0,
        isDefault: true,
      },
    ],
  };
}
