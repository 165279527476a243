import { type ReportInput, reportInputSchema } from '@mocksmith/core/gallery';
import { REPORT_REASONS, type ReportReason } from '@mocksmith/core/texts';
import { z } from '@mocksmith/core/zod';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { galleryTexts } from '../texts.ts';

const REASONS = REPORT_REASONS.map((option) => option.value) as [ReportReason, ...ReportReason[]];

/**
 * The Report form: core's report body, its reason said in the form's words until one is chosen
 * (the radio group starts empty), its note trimmed and dropped when empty.
 */
export const reportFormSchema = reportInputSchema.extend({
  reason: z.enum(REASONS, { error: galleryTexts.chooseReason }),
});
export type ReportFormInput = z.input<typeof reportFormSchema>;
export type ReportFormOutput = z.output<typeof reportFormSchema>;

/** The fields of the body, for a refused body's issues to show beside them. */
export const REPORT_FIELDS = { reason: 'reason', note: 'note' } as const;

/** `POST /backend/templates-gallery/{id}/report`: reports a template; 409 when already reported. */
export function reportTemplate(id: string, { reason, note }: ReportFormOutput): Promise<unknown> {
  const body: ReportInput = note ? { reason, note } : { reason };
  return apiPost(`${apiPaths.backend}/templates-gallery/${encodeURIComponent(id)}/report`, body, {
    auth: 'own-403',
  });
}

/** Reports a template with a reason and an optional note. */
export function useReportTemplate() {
  return useMutation({
    mutationFn: ({ id, report }: { id: string; report: ReportFormOutput }) =>
      reportTemplate(id, report),
  });
}
