const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The JSONPath of the root of a template. */
export const ROOT_PATH = '$';

/** The path of `key` inside the object at `parent`: `$.orders`, `$["first name"]`. */
export function keyPath(parent: string, key: string): string {
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** The path of element `index` of the array at `parent`: `$.orders[0]`. */
export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

/** The JSONPath of a list of keys and indexes from the root: `["tags", 1]` gives `$.tags[1]`. */
export function jsonPath(segments: readonly (string | number)[]): string {
  let path = ROOT_PATH;
  for (const segment of segments) {
    path = typeof segment === 'number' ? indexPath(path, segment) : keyPath(path, segment);
  }
  return path;
}
