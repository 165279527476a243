import { describe, expect, it } from 'vitest';
import {
  addNamedField,
  addTypedField,
  DEFAULT_TEMPLATE_TEXT,
  formatJsonText,
  parseJson,
  prettyJson,
} from './template-text.ts';

describe('DEFAULT_TEMPLATE_TEXT', () => {
  it('is the spec default, pretty-printed with two spaces', () => {
    expect(DEFAULT_TEMPLATE_TEXT).toBe(
      '{\n  "name": "string",\n  "age": "number",\n  "email": "email",\n  "id": "uuid"\n}',
    );
  });
});

describe('parseJson', () => {
  it('parses valid JSON and rejects anything else', () => {
    expect(parseJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson('{a:1}')).toEqual({ ok: false });
    expect(parseJson('')).toEqual({ ok: false });
  });
});

describe('formatJsonText', () => {
  it('pretty-prints with two spaces', () => {
    expect(formatJsonText('{"a":"string","b":[{"c":"uuid"}]}')).toBe(
      '{\n  "a": "string",\n  "b": [\n    {\n      "c": "uuid"\n    }\n  ]\n}',
    );
  });

  it('formats any JSON value, not only objects', () => {
    expect(formatJsonText(' [1, 2] ')).toBe('[\n  1,\n  2\n]');
    expect(formatJsonText('"x"')).toBe('"x"');
  });

  it('is undefined for invalid JSON', () => {
    expect(formatJsonText('{"a": }')).toBeUndefined();
    expect(formatJsonText('{"a": "string",}')).toBeUndefined();
  });

  it('is stable on its own output', () => {
    const once = formatJsonText(DEFAULT_TEMPLATE_TEXT);
    expect(once).toBe(DEFAULT_TEMPLATE_TEXT);
    expect(formatJsonText(once!)).toBe(once);
  });
});

describe('prettyJson', () => {
  it('prints two-space JSON', () => {
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});

describe('addTypedField', () => {
  it('appends new{Type}1 with the type as its value', () => {
    const result = addTypedField(DEFAULT_TEMPLATE_TEXT, 'string');
    expect(result).toEqual({
      ok: true,
      name: 'newString1',
      text: prettyJson({
        name: 'string',
        age: 'number',
        email: 'email',
        id: 'uuid',
        newString1: 'string',
      }),
    });
  });

  it('numbers the next field of the same type from the count', () => {
    const first = addTypedField('{}', 'boolean');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const second = addTypedField(first.text, 'boolean');
    expect(second).toMatchObject({ ok: true, name: 'newBoolean2' });
    if (!second.ok) return;
    expect(JSON.parse(second.text)).toEqual({ newBoolean1: 'boolean', newBoolean2: 'boolean' });
  });

  it('adds "array" as a type name', () => {
    const result = addTypedField('{}', 'array');
    expect(result.ok && JSON.parse(result.text)).toEqual({ newArray1: 'array' });
  });

  it('keeps nested content', () => {
    const result = addTypedField('{"users":[{"__multiply":"1-5","id":"uuid"}]}', 'uuid');
    expect(result.ok && JSON.parse(result.text)).toEqual({
      users: [{ __multiply: '1-5', id: 'uuid' }],
      newUuid1: 'uuid',
    });
  });

  it('fails on invalid JSON', () => {
    expect(addTypedField('{"name": "string"', 'string')).toEqual({ ok: false });
  });

  it('fails when the top level is not an object', () => {
    expect(addTypedField('[{"a":"string"}]', 'string')).toEqual({ ok: false });
    expect(addTypedField('"string"', 'string')).toEqual({ ok: false });
    expect(addTypedField('null', 'string')).toEqual({ ok: false });
  });
});

describe('addNamedField', () => {
  it('adds the trimmed name with its type', () => {
    const result = addNamedField('{"id":"uuid"}', '  city ', 'string');
    expect(result).toMatchObject({ ok: true, name: 'city' });
    expect(result.ok && JSON.parse(result.text)).toEqual({ id: 'uuid', city: 'string' });
  });

  it('names a taken key name1, then name2', () => {
    const first = addNamedField('{"id":"uuid"}', 'id', 'number');
    expect(first).toMatchObject({ ok: true, name: 'id1' });
    if (!first.ok) return;
    const second = addNamedField(first.text, 'id', 'date');
    expect(second).toMatchObject({ ok: true, name: 'id2' });
    expect(second.ok && JSON.parse(second.text)).toEqual({
      id: 'uuid',
      id1: 'number',
      id2: 'date',
    });
  });

  it('fails on an empty or blank name', () => {
    expect(addNamedField('{}', '', 'string')).toEqual({ ok: false });
    expect(addNamedField('{}', '   ', 'string')).toEqual({ ok: false });
  });

  it('fails on invalid JSON', () => {
    expect(addNamedField('not json', 'a', 'string')).toEqual({ ok: false });
  });

  it('keeps "__proto__" as an ordinary field', () => {
    const result = addNamedField('{}', '__proto__', 'string');
    expect(result).toMatchObject({ ok: true, name: '__proto__' });
    expect(result.ok && result.text).toBe('{\n  "__proto__": "string"\n}');
  });
});
