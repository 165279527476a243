import { z } from 'zod';

/** `POST /backend/templates/infer`: a JSON sample, any value. */
export const inferInputSchema = z.object({
  sample: z.custom<unknown>((value) => value !== undefined, 'sample is required'),
});
export type InferInput = z.infer<typeof inferInputSchema>;

/** One field of the sample: what its template value is, and why (issue 39). */
export const inferNoteSchema = z.object({
  path: z.string().describe('The JSONPath of the field in the sample; [*] is every element'),
  chosen: z.unknown().describe('The template value chosen: a catalogue type or a directive'),
  why: z.string(),
  literal: z.boolean().describe('True when the sample’s value was kept as it was'),
});

/** What `POST /backend/templates/infer` answers. */
export const inferResultSchema = z.object({
  template: z.unknown().describe('A Mocksmith template of the sample’s shape'),
  report: z.array(inferNoteSchema),
});
