import type { Inferred } from '@mocksmith/core';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /backend/templates/infer`: a template of a JSON sample's shape, and a note per field of
 * what was chosen and why. Throws ApiError: 413 for a sample over 1 MiB, 400 for one nested too
 * deeply (`TEMPLATE_TOO_DEEP`, or `BODY_TOO_DEEP` before it is read), 429 when previews are
 * throttled.
 */
export function inferTemplate(sample: unknown): Promise<Inferred> {
  return apiPost<Inferred>(`${apiPaths.backend}/templates/infer`, { sample });
}

/** Makes a template from a sample; `isPending` while the call runs. */
export function useInferTemplate() {
  return useMutation({ mutationFn: inferTemplate });
}
