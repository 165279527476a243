import { DEMO_TYPE_NAMES, messages } from '@mocksmith/core/errors';
import { describe, expect, it } from 'vitest';
import { checkDemoTemplate, findNonDemoTypes } from './demo-template.ts';

describe('findNonDemoTypes', () => {
  it('accepts every basic type', () => {
    const template = Object.fromEntries(DEMO_TYPE_NAMES.map((type) => [type, type]));
    expect(findNonDemoTypes(template)).toEqual([]);
  });

  it('reports other strings with their path, in nested objects and arrays', () => {
    const template = {
      name: 'string.name.fullname',
      user: { role: 'admin', id: 'uuid' },
      tags: ['lorem', 'custom'],
      'first name': 'Bob',
    };
    expect(findNonDemoTypes(template)).toEqual([
      '$.name',
      '$.user.role',
      '$.tags[1]',
      '$["first name"]',
    ]);
  });

  it('skips the value of __multiply', () => {
    expect(findNonDemoTypes({ items: [{ __multiply: '1-5', id: 'uuid' }] })).toEqual([]);
  });

  it('allows empty arrays and empty objects', () => {
    expect(findNonDemoTypes({ list: [], nested: {} })).toEqual([]);
    expect(findNonDemoTypes([])).toEqual([]);
  });

  it('lets numbers, booleans and null through', () => {
    expect(findNonDemoTypes({ a: 1, b: true, c: null })).toEqual([]);
  });

  it('is case-sensitive', () => {
    expect(findNonDemoTypes({ a: 'String' })).toEqual(['$.a']);
  });
});

describe('checkDemoTemplate', () => {
  it('returns the parsed value of a valid demo template', () => {
    expect(checkDemoTemplate('{"id":"uuid","n":[{"x":"number"}]}')).toEqual({
      ok: true,
      value: { id: 'uuid', n: [{ x: 'number' }] },
    });
  });

  it('says Invalid JSON format for text that does not parse', () => {
    expect(checkDemoTemplate('{"id":')).toEqual({ ok: false, message: 'Invalid JSON format' });
  });

  it('gives the demo text, word for word, for a non-basic type', () => {
    expect(checkDemoTemplate('{"n":{"deep":["string.name.firstname"]}}')).toEqual({
      ok: false,
      message:
        'Only the following types are available in the demo: string, number, boolean, email, uuid, date, lorem, array. Sign up to create your own custom types!',
    });
    expect(messages.demoTypeNotAllowed).toContain('Sign up to create your own custom types!');
  });
});
