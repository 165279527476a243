import { suggestTypeName } from '@mocksmith/core/types-info';

/** A string value of a template that looks like a misspelt type, and the type it probably means. */
export interface TypeHint {
  value: string;
  suggestion: string;
}

/**
 * The string values of a template text that look like a misspelt catalogue type (they would come
 * back verbatim as literals), each once, with the closest type name. Empty for text that is not
 * JSON or holds no such value; stops after `limit` hints.
 */
export function templateTypeHints(text: string, names: ReadonlySet<string>, limit = 5): TypeHint[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const hints = new Map<string, string>();
  const stack: unknown[] = [value];
  while (stack.length > 0 && hints.size < limit) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (!hints.has(next)) {
        const suggestion = suggestTypeName(names, next);
        if (suggestion) hints.set(next, suggestion);
      }
    } else if (Array.isArray(next)) {
      stack.push(...next);
    } else if (next !== null && typeof next === 'object') {
      stack.push(...Object.values(next));
    }
  }
  return [...hints].map(([hinted, suggestion]) => ({ value: hinted, suggestion }));
}
