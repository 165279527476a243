import { messages } from '@mocksmith/core/errors';
import {
  apiOptionSchema,
  createUserApiInputSchema,
  sharingIssues,
  updateApiInputSchema,
} from '@mocksmith/core/schemas';
import { z } from '@mocksmith/core/zod';
import { formatJsonText } from '../../../components/template-editor/text/template-text.ts';
import type { Api } from '../types.ts';

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

/** A new API: GET, no delay, 200, no token, no headers, private. */
export function newApiDraft(template: string): ApiDraftInput {
  return {
    name: '',
    customEndpoint: '',
    method: 'GET',
    template,
    delay: '0',
    status: 200,
    authToken: null,
    headers: [],
    isPublic: false,
    category: '',
    description: '',
    tags: [],
  };
}

/**
 * The form filled from a stored API (the Edit modal starts from it). The template is stored as the
 * user saved it, often on one line: it is shown pretty-printed.
 */
export function draftOf(api: Api): ApiDraftInput {
  return {
    name: api.name,
    customEndpoint: api.customEndpoint ?? '',
    method: api.method,
    template: formatJsonText(api.template) ?? api.template,
    delay: String(api.delay),
    status: api.status,
    authToken: api.authToken,
    headers: api.headers.map((header) => ({ ...header })),
    isPublic: api.isPublic,
    category: api.category ?? '',
    description: api.description ?? '',
    tags: [...api.tags],
  };
}

/** A checked draft in the words of the spec's create and update payloads. */
export function toApiPayload(draft: ApiDraft) {
  return {
    name: draft.name,
    template: draft.template,
    requestEnum: draft.method,
    customEndpoint: draft.customEndpoint,
    option: { delay: draft.delay, authToken: draft.authToken, httpCode: draft.status },
    customHeaders: draft.headers,
    isPublic: draft.isPublic,
    category: draft.category,
    description: draft.description,
    tags: draft.tags,
  };
}

/**
 * The form's field for each path of a refused payload, for `setServerErrors`; update answers
 * name the sharing fields without `$.`, which reads the same.
 */
export const API_DRAFT_FIELDS = {
  name: 'name',
  customEndpoint: 'customEndpoint',
  requestEnum: 'method',
  template: 'template',
  'option.delay': 'delay',
  'option.httpCode': 'status',
  'option.authToken': 'authToken',
  customHeaders: 'headers',
  category: 'category',
  description: 'description',
  tags: 'tags',
} as const;
