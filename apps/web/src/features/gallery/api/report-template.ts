import type { ReportInput } from '@mocksmith/core/gallery';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /backend/templates-gallery/{id}/report`: reports a template; 409 when already reported. */
export function reportTemplate(id: string, input: ReportInput): Promise<unknown> {
  return apiPost(`${apiPaths.backend}/templates-gallery/${encodeURIComponent(id)}/report`, input, {
    auth: 'own-403',
  });
}

/** Reports a template with a reason and an optional note. */
export function useReportTemplate() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReportInput }) => reportTemplate(id, input),
  });
}
