import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../json.ts';
import { compileTemplate } from '../template/compile.ts';
import { EMPTY_REQUEST, type RequestContext } from '../template/request.ts';
import { paramsFromPath, parsePathTemplate } from './path-template.ts';

/** The params of `path` under the route path `route`, typed as the route declares them. */
function paramsOf(route: string, path: string): RequestContext['params'] {
  const template = parsePathTemplate(route);
  if (!template.ok) throw new Error(template.error);
  const params = paramsFromPath(template.value, path);
  if (!params) throw new Error(`${path} is not a path of ${route}`);
  return params;
}

/** What `{ value: text }` gives for a request with these params. */
function answer(text: string, params: RequestContext['params']): JsonValue | undefined {
  const result = compileTemplate({ value: text });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return (result.value.generate({ request: { ...EMPTY_REQUEST, params } }) as JsonObject).value;
}

describe("a route's path parameters in its template", () => {
  it('give a number for a path parameter declared numeric, the text otherwise', () => {
    expect(answer('{{request.params.id}}', paramsOf('/users/{id:integer}', '/users/42'))).toBe(42);
    expect(answer('{{request.params.id}}', paramsOf('/users/{id}', '/users/42'))).toBe('42');
    expect(answer('{{request.params.on}}', paramsOf('/flags/{on:boolean}', '/flags/true'))).toBe(
      true,
    );
  });

  it('give the tail of a path', () => {
    expect(answer('{{request.params.tail}}', paramsOf('/files/*', '/files/a/b.txt'))).toBe(
      'a/b.txt',
    );
  });
});
