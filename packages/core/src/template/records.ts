/**
 * Which objects of a template get a person and a place of their own (data-types/record.ts): an
 * object that holds a type of the person or the place, directly or in objects nested in it (an
 * `address` inside a user is the user's place). The objects of an array are records of their own.
 */
import { getDataType } from '../data-types/lookup.ts';
import { RecordDraws } from '../data-types/record.ts';
import type { GenContext } from '../data-types/types.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { LITERAL_KEY, ONE_OF_KEY } from './directives.ts';

/** The record an object draws: of one country when one of its types only exists there. */
export interface RecordScope {
  readonly country: string | undefined;
}

/** The record `object` draws for itself, or undefined when none of its values reads one. */
export function recordScope(object: JsonObject): RecordScope | undefined {
  const found = { reads: false, country: undefined as string | undefined };
  scan(object, found);
  return found.reads ? { country: found.country } : undefined;
}

function scan(value: JsonValue, found: { reads: boolean; country: string | undefined }): void {
  if (typeof value === 'string') {
    const type = getDataType(value);
    if (type?.draws === undefined) return;
    found.reads = true;
    if (type.country !== undefined) found.country = type.country;
    return;
  }
  if (!isJsonObject(value)) return;
  for (const key of Object.keys(value)) {
    if (key === LITERAL_KEY) continue;
    const child = value[key] as JsonValue;
    // An array is a list of records of their own; a choice among values is one of this object's.
    if (Array.isArray(child)) {
      if (key === ONE_OF_KEY) for (const choice of child) scan(choice, found);
    } else scan(child, found);
  }
}

/** `gen`, drawing the object's record before its values and setting the outer one back after. */
export function withRecord<C extends GenContext, T>(
  scope: RecordScope,
  gen: (ctx: C) => T,
): (ctx: C) => T {
  // One record per compiled object, reset for each object generated: an object is never
  // generated inside itself, and what it gives keeps no reference to the record.
  const record = new RecordDraws(0, scope.country);
  return (ctx) => {
    const outer = ctx.record;
    ctx.record = record.reset(ctx.random.uint32());
    const out = gen(ctx);
    ctx.record = outer;
    return out;
  };
}
