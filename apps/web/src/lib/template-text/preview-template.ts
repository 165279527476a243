import { apiPaths } from '../../config/paths.ts';
import { apiPost } from '../api-client.ts';

/**
 * `POST /backend/apitemplate/preview`: generates sample data for a parsed template. Anonymous
 * calls run in demo mode (basic types only). Throws ApiError on a non-2xx answer.
 */
export function previewTemplate(template: unknown): Promise<unknown> {
  return apiPost<unknown>(`${apiPaths.backend}/apitemplate/preview`, { template });
}
