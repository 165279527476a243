/**
 * The naming rules of fields added to a template (spec section 5, "Add New Field dialog"). Both
 * rules look only at the top-level keys of the template.
 */

/** `string` -> `newString`, `uuid` -> `newUuid`: the stem of a field added by type. */
export function typeFieldStem(type: string): string {
  return `new${type.charAt(0).toUpperCase()}${type.slice(1)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * How many keys were added by the type button of `type`: keys made of its stem followed by one
 * or more digits and nothing else (`newString1`, `newString12`; not `newString`, `newStringX`).
 */
export function countTypeFields(keys: Iterable<string>, type: string): number {
  const pattern = new RegExp(`^${escapeRegExp(typeFieldStem(type))}\\d+$`);
  let count = 0;
  for (const key of keys) if (pattern.test(key)) count++;
  return count;
}

/**
 * The name of a field added by the type button of `type`: `new{Type}{count+1}`, where count is
 * `countTypeFields`. When that name is already taken (a lower-numbered field was removed, so
 * `newString1` and `newString3` give count 2), the number goes up until the name is free.
 */
export function typeFieldName(keys: Iterable<string>, type: string): string {
  const taken = new Set(keys);
  const stem = typeFieldStem(type);
  let n = countTypeFields(taken, type) + 1;
  while (taken.has(`${stem}${n}`)) n++;
  return `${stem}${n}`;
}

/**
 * The key for a field named `name` in the Add New Field dialog: the name itself when it is free,
 * otherwise the name followed by the first free number from 1 (`id`, then `id1`, `id2`, ...).
 */
export function uniqueFieldName(keys: Iterable<string>, name: string): string {
  const taken = new Set(keys);
  if (!taken.has(name)) return name;
  let n = 1;
  while (taken.has(`${name}${n}`)) n++;
  return `${name}${n}`;
}
