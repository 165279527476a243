import { DEMO_TYPE_NAMES, messages } from '@mocksmith/core/errors';
import { parseJson } from './template-text.ts';

const DEMO_TYPES = new Set<string>(DEMO_TYPE_NAMES);
const MULTIPLY_KEY = '__multiply';
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function keyPath(parent: string, key: string): string {
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * The paths (`$.user.role`, `$.items[0]`) of every string in a parsed template that is not a basic
 * type, in document order. Strings inside nested objects and arrays count; the value of a
 * `__multiply` key is a range, not a type, and is skipped. Numbers, booleans and null are not
 * type names and pass, as on the server.
 */
export function findNonDemoTypes(value: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown, path: string): void => {
    if (typeof node === 'string') {
      if (!DEMO_TYPES.has(node)) found.push(path);
    } else if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) visit(node[index], `${path}[${index}]`);
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (key !== MULTIPLY_KEY) visit(child, keyPath(path, key));
      }
    }
  };
  visit(value, '$');
  return found;
}

export type DemoTemplateCheck = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * The checks the demo runs before calling the server: the text must be JSON ('Invalid JSON
 * format') and use basic types only (the spec's demo text). The server checks both again.
 */
export function checkDemoTemplate(text: string): DemoTemplateCheck {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, message: messages.invalidJson };
  if (findNonDemoTypes(parsed.value).length > 0) {
    return { ok: false, message: messages.demoTypeNotAllowed };
  }
  return { ok: true, value: parsed.value };
}
