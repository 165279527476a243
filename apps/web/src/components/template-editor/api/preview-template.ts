import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { prettyJson } from '../text/template-text.ts';

/**
 * `POST /backend/apitemplate/preview`: generates sample data for a parsed template. Anonymous
 * calls run in demo mode (basic types only). Throws ApiError on a non-2xx answer.
 */
export function previewTemplate(template: unknown): Promise<unknown> {
  return apiPost<unknown>(`${apiPaths.backend}/apitemplate/preview`, { template });
}

/** A generated preview and the template text it was generated from. */
export interface Preview {
  data: unknown;
  /** The data pretty-printed, as the preview panel shows it. */
  text: string;
  source: string;
}

/** What a preview is generated from: the template text and its parsed value. */
export interface PreviewInput {
  source: string;
  template: unknown;
}

/** Generates a preview; `isPending` while the newest request runs. */
export function usePreviewTemplate() {
  return useMutation({
    mutationFn: async ({ source, template }: PreviewInput): Promise<Preview> => {
      const data = await previewTemplate(template);
      return { data, text: prettyJson(data), source };
    },
  });
}
