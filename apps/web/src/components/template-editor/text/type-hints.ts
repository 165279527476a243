import { type MisspeltType, misspeltTypes } from '@mocksmith/core/types-info';

/** A string value of a template that looks like a misspelt type, and the types it may mean. */
export type TypeHint = MisspeltType;

/**
 * The string values of a template text that look like a misspelt catalogue type (they would come
 * back verbatim as literals), each once, with the closest type names. Empty for text that is not
 * JSON or holds no such value; stops after `limit` hints.
 */
export function templateTypeHints(text: string, names: ReadonlySet<string>, limit = 5): TypeHint[] {
  if (names.size === 0) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  return misspeltTypes(value, names, limit);
}

/** The text with every string value `value` replaced by the type name `name`. */
export function applyTypeHint(text: string, value: string, name: string): string {
  return text.replaceAll(JSON.stringify(value), JSON.stringify(name));
}
