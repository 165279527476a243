/** The one renderer of a response: no database, no HTTP. */
import { AppError, compileTemplate } from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import { genericBody, previewResponse, type RenderableResponse, renderResponse } from './answer.ts';

function response(
  template: unknown,
  status = 200,
  headers: [string, string][] = [],
): RenderableResponse {
  const compiled = compileTemplate(template, { mode: 'full' });
  if (!compiled.ok) throw new Error('bad template');
  return {
    httpCode: status,
    headerList: headers,
    compiled: compiled.value,
    staticBody: compiled.value.isStatic ? JSON.stringify(compiled.value.generate()) : null,
  };
}

const page = () => 'https://mock.test/p/shop/users';

describe('renderResponse', () => {
  it('answers a static template with its one body and its own headers', () => {
    const ok = response({ hello: 'world' }, 200, [['x-one', '1']]);
    expect(renderResponse(ok, {}, page)).toEqual({
      status: 200,
      headers: [['x-one', '1']],
      payload: '{"hello":"world"}',
    });
  });

  it('answers 204 without a body', () => {
    expect(renderResponse(response({ a: 'uuid' }, 204), {}, page).payload).toBeUndefined();
  });

  it('gives the same body for the same ?seed', () => {
    const users = response([{ __multiply: '3-3', id: 'uuid', name: 'string.name.fullname' }]);
    const first = renderResponse(users, { seed: '42' }, page);
    expect(renderResponse(users, { seed: '42' }, page)).toEqual(first);
    expect(renderResponse(users, { seed: '43' }, page).payload).not.toBe(first.payload);
  });

  it('paginates after generating, the list headers before its own', () => {
    const users = response([{ __multiply: '5-5', id: 'uuid' }], 200, [['x-one', '1']]);
    const answer = renderResponse(users, { page: '2', limit: '2', seed: '1' }, page);
    expect(JSON.parse(answer.payload as string)).toHaveLength(2);
    expect(answer.headers[0]).toEqual(['X-Total-Count', '5']);
    expect(answer.headers.at(-1)).toEqual(['x-one', '1']);
    expect(answer.headers.find(([name]) => name === 'Link')?.[1]).toContain(
      'https://mock.test/p/shop/users?',
    );
  });

  it('refuses a bad list parameter with 400 before generating', () => {
    expect(() => renderResponse(response([{ id: 'uuid' }]), { page: 'x' }, page)).toThrow(AppError);
  });
});

describe('genericBody', () => {
  it("names the status in the platform's words", () => {
    expect(JSON.parse(genericBody(418))).toEqual({ statusCode: 418, message: "I'm a Teapot" });
  });
});

describe('previewResponse', () => {
  it('renders a template as the live answer would, at 200 with no headers of its own', () => {
    const compiled = compileTemplate([1, 2, 3], { mode: 'full' });
    if (!compiled.ok) throw new Error('bad template');
    const answer = renderResponse(previewResponse(compiled.value), { limit: '2' }, page);
    expect(answer.status).toBe(200);
    expect(answer.payload).toBe('[1,2]');
    expect(answer.headers.some(([name]) => name.toLowerCase() === 'x-total-count')).toBe(true);
  });
});
