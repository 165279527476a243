import type { CreateApiResult, HttpMethod } from '@mocksmith/core/schemas';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/** The name every API created from the landing page's demo gets. */
export const DEMO_API_NAME = 'Demo API';

export interface CreateDemoApiInput {
  /** The template as JSON text, as typed in the editor. */
  template: string;
  requestEnum: HttpMethod;
}

/**
 * `POST /backend/crud`: creates an anonymous mock API and returns its id, request id and full
 * public link. Throws ApiError on a non-2xx answer (400 for a bad template, 429 when too many).
 */
export function createDemoApi(input: CreateDemoApiInput): Promise<CreateApiResult> {
  return apiPost<CreateApiResult>(`${apiPaths.backend}/crud`, {
    template: input.template,
    requestEnum: input.requestEnum,
    name: DEMO_API_NAME,
  });
}
