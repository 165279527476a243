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
