/**
 * The path of a recorded request as a route's path template (har-import.ts): a segment that holds
 * an identifier (a number, a uuid, a date, a long opaque id) becomes a parameter named after the
 * segment before it (`/users/42` → `/users/{userId}`), every other segment stays literal.
 */

/** What an identifier segment holds, or undefined for a literal one. */
export type SegmentKind = 'number' | 'uuid' | 'date' | 'id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A calendar date, or a date-time of RFC 3339 (`2024-05-01`, `2024-05-01T10:00:00Z`). */
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
/** A long hexadecimal id: a MongoDB ObjectId, a hash. */
const HEX_ID = /^[0-9a-f]{16,}$/i;
/**
 * A long opaque id (a ULID, a nanoid, `cus_J4kPq8...`): letters and digits, both, and no hyphen,
 * so that a long slug (`my-first-post-2024`) stays a literal.
 */
const OPAQUE_ID = /^(?=[A-Za-z0-9_]*\d)(?=[A-Za-z0-9_]*[A-Za-z])[A-Za-z0-9_]{16,}$/;

/** The kind of identifier a path segment (percent-decoded) holds, or undefined for a literal. */
export function segmentKind(segment: string): SegmentKind | undefined {
  if (/^\d+$/.test(segment)) return 'number';
  if (UUID.test(segment)) return 'uuid';
  if (DATE.test(segment)) return 'date';
  if (HEX_ID.test(segment) || OPAQUE_ID.test(segment)) return 'id';
  return undefined;
}

/** `line-items` → `lineItem`, `categories` → `category`: the singular of a segment, camel case. */
function singularCamel(segment: string): string | undefined {
  const words = segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0 || !/^[A-Za-z]/.test(words[0] as string)) return undefined;
  const last = words.length - 1;
  const word = words[last] as string;
  words[last] = /ies$/i.test(word)
    ? `${word.slice(0, -3)}y`
    : /(?:ss|x|ch|sh)es$/i.test(word)
      ? word.slice(0, -2)
      : /[^s]s$/i.test(word)
        ? word.slice(0, -1)
        : word;
  return words
    .map((w, i) =>
      i === 0 ? w.toLowerCase() : `${w[0]?.toUpperCase()}${w.slice(1).toLowerCase()}`,
    )
    .join('');
}

/** A path segment as the request wrote it, percent-decoded when it decodes. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route path template of a recorded path (`/users/42/orders/7` →
 * `/users/{userId}/orders/{orderId}`): each identifier segment a parameter named after the
 * literal segment before it, singular, with `Id` (`date` for a date; `id` when no literal
 * precedes it), a number added when a name repeats. A trailing slash and empty segments are
 * dropped; the root is `/`.
 */
export function routePathOf(pathname: string): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return '/';
  const used = new Set<string>();
  const out: string[] = [];
  let previous: string | undefined;
  for (const segment of segments) {
    const kind = segmentKind(decoded(segment));
    if (kind === undefined) {
      out.push(segment);
      previous = segment;
      continue;
    }
    const base =
      kind === 'date' ? 'date' : previous ? `${singularCamel(decoded(previous)) ?? ''}Id` : 'id';
    const stem = base === 'Id' ? 'id' : base.slice(0, 60);
    let name = stem;
    for (let n = 2; used.has(name); n++) name = `${stem}${n}`;
    used.add(name);
    out.push(`{${name}}`);
    previous = undefined;
  }
  return `/${out.join('/')}`;
}
