import type { CreateApiResult, HttpMethod } from '@mocksmith/core/schemas';
import { DEMO_API_NAME } from '@mocksmith/core/texts';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/** Where a new demo API lives. */
export interface CreatedDemoApi {
  id: string;
  requestId: string;
  /** Its full public URL. */
  url: string;
}

export interface CreateDemoApiInput {
  /** The template as JSON text, as typed in the editor. */
  template: string;
  method: HttpMethod;
}

/**
 * `POST /backend/crud`: creates an anonymous mock API named 'Demo API' and returns its id, request
 * id and full public link. Throws ApiError on a non-2xx answer (400 for a bad template, 429 when
 * too many).
 */
export async function createDemoApi({
  template,
  method,
}: CreateDemoApiInput): Promise<CreatedDemoApi> {
  const { id, requestId, link } = await apiPost<CreateApiResult>(`${apiPaths.backend}/crud`, {
    template,
    requestEnum: method,
    name: DEMO_API_NAME,
  });
  return { id, requestId, url: link };
}

/** Creates an anonymous mock API from the demo; nothing cached depends on it. */
export function useCreateDemoApi() {
  return useMutation({ mutationFn: createDemoApi });
}
