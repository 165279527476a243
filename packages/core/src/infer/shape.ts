import { isJsonObject, type JsonValue } from '../json.ts';
import { keyPath, ROOT_PATH } from '../template/path.ts';

/**
 * Where a generated body differs in shape from the sample it was inferred from: the same keys,
 * the same JSON types, lists of objects of any length (their elements compared with the sample's
 * first). Empty when the shapes agree; `null` in the sample matches anything.
 */
export function shapeDifferences(sample: JsonValue, body: JsonValue, path = ROOT_PATH): string[] {
  if (sample === null) return [];
  const kind = (v: JsonValue) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(sample) !== kind(body))
    return [`${path}: ${kind(sample)} in the sample, ${kind(body)} generated`];
  if (Array.isArray(sample) && Array.isArray(body)) {
    const first = sample[0];
    if (first === undefined) return [];
    return body.flatMap((element, i) =>
      shapeDifferences(
        isJsonObject(first) ? first : (sample[i] ?? first),
        element,
        `${path}[${i}]`,
      ),
    );
  }
  if (isJsonObject(sample) && isJsonObject(body)) {
    const keys = new Set([...Object.keys(sample), ...Object.keys(body)]);
    return [...keys].flatMap((key) => {
      const at = keyPath(path, key);
      if (!Object.hasOwn(body, key)) return [`${at}: missing`];
      if (!Object.hasOwn(sample, key)) return [`${at}: not in the sample`];
      return shapeDifferences(sample[key] as JsonValue, body[key] as JsonValue, at);
    });
  }
  return [];
}
