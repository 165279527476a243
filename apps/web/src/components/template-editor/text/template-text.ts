import { typeFieldName, uniqueFieldName } from './field-names.ts';

/** The text the editor starts with (spec section 3, "Default editor template"). */
export const DEFAULT_TEMPLATE_TEXT = JSON.stringify(
  { name: 'string', age: 'number', email: 'email', id: 'uuid' },
  null,
  2,
);

/** Pretty-prints a JSON value the way the editor and the preview show it: two-space indent. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** Parses JSON text; `ok: false` when it is not valid JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The "Format JSON" button: the text pretty-printed, or undefined when it is not valid JSON. */
export function formatJsonText(text: string): string | undefined {
  const parsed = parseJson(text);
  return parsed.ok ? prettyJson(parsed.value) : undefined;
}

export type AddFieldResult = { ok: true; text: string; name: string } | { ok: false };

function parseTopLevelObject(text: string): Record<string, unknown> | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok) return undefined;
  const { value } = parsed;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return value as Record<string, unknown>;
}

/**
 * Adds `"name": "type"` at the end of the top-level object of `text` and returns the text
 * pretty-printed. Fails when the text is not JSON or its top level is not an object.
 */
function addField(
  text: string,
  type: string,
  chooseName: (keys: string[]) => string,
): AddFieldResult {
  const template = parseTopLevelObject(text);
  if (!template) return { ok: false };
  const entries = Object.entries(template);
  const name = chooseName(entries.map(([key]) => key));
  // fromEntries defines own properties, so even a key such as "__proto__" stays a plain field.
  const next = Object.fromEntries([...entries, [name, type]]);
  return { ok: true, text: prettyJson(next), name };
}

/** A type button: adds a field of `type` named `new{Type}{count+1}` (see `typeFieldName`). */
export function addTypedField(text: string, type: string): AddFieldResult {
  return addField(text, type, (keys) => typeFieldName(keys, type));
}

/**
 * The Add New Field dialog: adds a field of `type` named `name` (trimmed), or name1, name2 ...
 * when that name is taken. Fails as well when the trimmed name is empty.
 */
export function addNamedField(text: string, name: string, type: string): AddFieldResult {
  const trimmed = name.trim();
  if (trimmed === '') return { ok: false };
  return addField(text, type, (keys) => uniqueFieldName(keys, trimmed));
}
