import {
  bearerTokenSchema,
  type Collection,
  type CreateCollectionInput,
  collectionPathSchema,
  createCollectionInputSchema,
  type UpdateCollectionInput,
} from '@mocksmith/core/collections';
import { ErrorCode, messages } from '@mocksmith/core/errors';
import { z } from '@mocksmith/core/zod';
import { parseJson, prettyJson } from '../../../components/template-editor/text/template-text.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldPathOf, validationIssues } from '../../../lib/form-errors.ts';
import { type CollectionSeed, DEFAULT_RECORD_COUNT } from './collections.ts';

/** The fields of the collection form as typed: the template and the count are text. */
export interface CollectionFormInput {
  name: string;
  /** '' for the default, `/{name}`. */
  path: string;
  template: string;
  count: string;
  unknownFields: 'refuse' | 'keep';
  cascade: boolean;
  /** The bearer token its calls need (made by the switch), or null. */
  authToken: string | null;
}

/** The form once checked: what a new collection is created with. */
export type CollectionForm = Required<
  Pick<CreateCollectionInput, 'name' | 'template' | 'count' | 'unknownFields' | 'cascade'>
> & {
  path?: string;
  /** Absent when the switch is off: a new collection then has none. */
  authToken?: string;
};

export type CollectionField = keyof CollectionFormInput;

const FIELDS: readonly CollectionField[] = [
  'name',
  'path',
  'template',
  'count',
  'unknownFields',
  'cascade',
  'authToken',
];

/** A core rule's first message for `value`, or nothing when the value passes it. */
function problemOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * The collection form's rules: core's (the server applies the same, with the same words) on the
 * name, the path, the template (JSON text holding an object) and the count (a whole number from
 * 0 to 10,000). `editing`: the name cannot change, so it is not checked, and the path cannot be
 * left empty (a new collection's empty path is `/{name}`).
 */
export function collectionFormSchema({ editing }: { editing: boolean }) {
  return z
    .object({
      name: z.string(),
      path: z.string(),
      template: z.string(),
      count: z.string(),
      unknownFields: z.enum(['refuse', 'keep']),
      cascade: z.boolean(),
      authToken: z.string().nullable(),
    })
    .transform((values, ctx): CollectionForm => {
      const report = (path: CollectionField, message: string | undefined) => {
        if (message !== undefined) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      const name = values.name.trim();
      if (!editing) report('name', problemOf(createCollectionInputSchema.shape.name, name));
      const path = values.path.trim();
      if (path !== '' || editing) report('path', problemOf(collectionPathSchema, path));
      const parsed = parseJson(values.template);
      if (!parsed.ok) report('template', messages.invalidJsonApiPage);
      else report('template', problemOf(createCollectionInputSchema.shape.template, parsed.value));
      const countText = values.count.trim();
      const count = countText === '' ? Number.NaN : Number(countText);
      report('count', problemOf(createCollectionInputSchema.shape.count.unwrap(), count));
      if (values.authToken !== null) {
        report('authToken', problemOf(bearerTokenSchema, values.authToken));
      }
      return {
        name,
        path: path === '' ? undefined : (collectionPathSchema.safeParse(path).data ?? path),
        template: (parsed.ok ? parsed.value : {}) as Record<string, unknown>,
        count,
        unknownFields: values.unknownFields,
        cascade: values.cascade,
        ...(values.authToken === null ? {} : { authToken: values.authToken }),
      };
    });
}

/** The form of a new collection, from a blank seed or a route's. */
export function newCollectionValues(seed: CollectionSeed): CollectionFormInput {
  return {
    name: seed.name,
    path: seed.path,
    template: seed.template,
    count: String(DEFAULT_RECORD_COUNT),
    unknownFields: 'refuse',
    cascade: false,
    authToken: null,
  };
}

/** The form of a stored collection. */
export function collectionValues(collection: Collection): CollectionFormInput {
  return {
    name: collection.name,
    path: collection.path,
    template: prettyJson(collection.template),
    count: String(collection.count),
    unknownFields: collection.unknownFields,
    cascade: collection.cascade,
    authToken: collection.authToken,
  };
}

/** What a PATCH sends: the fields that differ from the stored collection. */
export function collectionChanges(
  collection: Collection,
  form: CollectionForm,
): UpdateCollectionInput {
  const changes: UpdateCollectionInput = {};
  if (form.path !== undefined && form.path !== collection.path) changes.path = form.path;
  if (JSON.stringify(form.template) !== JSON.stringify(collection.template)) {
    changes.template = form.template;
  }
  if (form.count !== collection.count) changes.count = form.count;
  if (form.unknownFields !== collection.unknownFields) {
    changes.unknownFields = form.unknownFields;
  }
  if (form.cascade !== collection.cascade) changes.cascade = form.cascade;
  const authToken = form.authToken ?? null;
  if (authToken !== collection.authToken) changes.authToken = authToken;
  return changes;
}

/** The codes of a template's problems: a refusal with one of them is the template's. */
const TEMPLATE_CODES: ReadonlySet<string> = new Set([
  ErrorCode.INVALID_JSON,
  ErrorCode.TEMPLATE_TOO_LARGE,
  ErrorCode.TEMPLATE_NOT_CONTAINER,
  ErrorCode.TEMPLATE_TOO_DEEP,
  ErrorCode.TEMPLATE_OUTPUT_TOO_LARGE,
  ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE,
  ErrorCode.NOT_JSON_VALUE,
  ErrorCode.DEMO_TYPE_NOT_ALLOWED,
  ErrorCode.MULTIPLY_FORMAT,
  ErrorCode.MULTIPLY_RANGE,
  ErrorCode.MULTIPLY_PLACEMENT,
  ErrorCode.DIRECTIVE_NOT_ALONE,
  ErrorCode.DIRECTIVE_INVALID,
  ErrorCode.DIRECTIVE_UNSATISFIABLE,
  ErrorCode.REQUEST_REFERENCE_INVALID,
]);

/** The words of a message that name a field, the earliest one deciding. */
const FIELD_WORDS: readonly [RegExp, CollectionField][] = [
  [/\btemplate\b|\bref:/i, 'template'],
  [/\bcount\b|\brecords\b/i, 'count'],
  [/\bpath\b/i, 'path'],
  [/\bname\b/i, 'name'],
];

/** The field a message names first ("name must be...", "The template..."), if any. */
function fieldNamedIn(message: string): CollectionField | undefined {
  let found: { at: number; field: CollectionField } | undefined;
  for (const [pattern, field] of FIELD_WORDS) {
    const at = message.search(pattern);
    if (at !== -1 && (found === undefined || at < found.at)) found = { at, field };
  }
  return found?.field;
}

/** One refusal of the server, placed: on a field of the form, else for the whole dialog. */
export interface Refusal {
  field: CollectionField | 'root';
  message: string;
}

/**
 * Where the server's refusals of a collection show, each with the server's words: the issues of
 * a refused body (400 VALIDATION_FAILED) beside their fields; a clash (409 COLLECTION_TAKEN) on
 * the path when its message names the path (a route's, or another collection's), else on the
 * name; any other 400 on the field its message names (a template problem's code says the
 * template); the rest for the whole dialog. `editing`: the name cannot change, so a clash is the
 * path's.
 */
export function placeRefusal(
  error: unknown,
  message: string,
  { path, editing }: { path: string; editing: boolean },
): Refusal[] {
  const issues = validationIssues(error).flatMap((issue): Refusal[] => {
    const field = fieldPathOf(issue.path).split('.')[0] as CollectionField;
    return FIELDS.includes(field) ? [{ field, message: issue.message }] : [];
  });
  if (issues.length > 0) return issues;
  if (!(error instanceof ApiError)) return [{ field: 'root', message }];
  if (error.code === ErrorCode.COLLECTION_TAKEN || error.status === 409) {
    const namesPath =
      editing || /\bpath\b/i.test(message) || (path !== '' && message.includes(path));
    return [{ field: namesPath ? 'path' : 'name', message }];
  }
  if (error.status === 400) {
    const field = TEMPLATE_CODES.has(error.code) ? 'template' : fieldNamedIn(message);
    if (field !== undefined && !(editing && field === 'name')) return [{ field, message }];
  }
  return [{ field: 'root', message }];
}
