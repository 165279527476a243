import { zodResolver } from '@hookform/resolvers/zod';
// The API form's rules (zod, core's schemas), loaded on the form's first check (api-form.tsx's
// lazyResolver): the API page's first render builds no schema.
import { messages } from '@mocksmith/core/errors';
import {
  apiOptionSchema,
  createUserApiInputSchema,
  sharingIssues,
  updateApiInputSchema,
} from '@mocksmith/core/schemas';
import { z } from '@mocksmith/core/zod';

const fields = createUserApiInputSchema.shape;
const option = apiOptionSchema.shape;

/** A custom header row as typed; a row left entirely empty is dropped. */
const headerRowSchema = z.object({ name: z.string(), value: z.string() });

function isEmptyRow(row: z.infer<typeof headerRowSchema>): boolean {
  return row.name.trim() === '' && row.value === '';
}

/**
 * The header rows, checked with core's rules once the empty ones are dropped; each problem keeps
 * the index of its row as typed, so it shows beside that row.
 */
const headerRowsSchema = z.array(headerRowSchema).transform((rows, ctx) => {
  const kept = rows.flatMap((row, index) => (isEmptyRow(row) ? [] : [{ row, index }]));
  const parsed = fields.customHeaders.safeParse(kept.map(({ row }) => row));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [at, ...rest] = issue.path;
    const row = typeof at === 'number' ? kept[at]?.index : undefined;
    ctx.addIssue({
      code: 'custom',
      path: row === undefined ? issue.path : [row, ...rest],
      message: issue.message,
    });
  }
  return z.NEVER;
});

/**
 * The editable fields of an API, as the Create New API form and the Edit modal hold them, with
 * core's rules and texts (the server applies the same ones): the name, the custom endpoint, the
 * method, the template (JSON text), the options and the sharing. The delay is typed as text;
 * an empty one is 0.
 */
export const apiDraftSchema = z
  .object({
    name: fields.name,
    customEndpoint: fields.customEndpoint,
    method: updateApiInputSchema.shape.requestEnum,
    template: fields.template.refine(
      (text) => {
        try {
          JSON.parse(text);
          return true;
        } catch {
          return false;
        }
      },
      { error: messages.invalidJsonApiPage },
    ),
    delay: z
      .string()
      .trim()
      .transform((typed) => (typed === '' ? 0 : Number(typed)))
      .pipe(option.delay.unwrap()),
    status: option.httpCode,
    authToken: option.authToken,
    headers: headerRowsSchema,
    isPublic: z.boolean(),
    category: fields.category,
    description: fields.description,
    tags: fields.tags,
  })
  .superRefine(
    (draft, ctx) => {
      for (const issue of sharingIssues(draft)) {
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }
    },
    // Checked whatever else is wrong, so every problem shows at once; the rules read only
    // isPublic, category and description, which nothing else turns into another type.
    { when: () => true },
  );

/** An API's fields as the form holds them. */
export type ApiDraftInput = z.input<typeof apiDraftSchema>;
/** An API's fields once checked: what is sent. */
export type ApiDraft = z.output<typeof apiDraftSchema>;

/** The API form's resolver: core's rules for its fields, as the form checks. */
export const apiDraftResolver = zodResolver(apiDraftSchema);
