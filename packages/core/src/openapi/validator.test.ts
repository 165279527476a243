import { describe, expect, it } from 'vitest';
import { getDataType } from '../data-types/lookup.ts';
import { compileTemplate } from '../template/compile.ts';
import { hintForName } from './names.ts';
import { planImport } from './plan.ts';
import { createSchemaValidator, dialectOf, toValidationSchema } from './validator.ts';

/** A tree node schema made circular the way swagger-parser dereferences `$ref: Node`. */
function circularNode(): Record<string, unknown> {
  const node: Record<string, unknown> = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' } },
  };
  (node.properties as Record<string, unknown>).children = { type: 'array', items: node };
  return node;
}

describe('dialectOf', () => {
  it.each([
    [{ openapi: '3.0.3' }, '3.0'],
    [{ openapi: '3.1.0' }, '3.1'],
    [{ swagger: '2.0' }, '2.0'],
    [{ openapi: '4.0' }, undefined],
    [null, undefined],
  ])('reads %j as %s', (document, dialect) => {
    expect(dialectOf(document)).toBe(dialect);
  });
});

describe('toValidationSchema', () => {
  it('turns an object cycle into a $ref, so ajv compiles it', () => {
    const schema = toValidationSchema(circularNode(), '3.0') as Record<string, unknown>;
    expect(() => JSON.stringify(schema)).not.toThrow();
    const check = createSchemaValidator('3.0').check(circularNode());
    expect(check({ name: 'a', children: [{ name: 'b', children: [] }] })).toEqual([]);
    expect(check({ name: 'a', children: [{ children: [] }] })).toEqual([
      "/children/0 must have required property 'name'",
    ]);
  });

  it('uses $defs for 3.1 and definitions for 3.0 and 2.0', () => {
    expect(Object.keys(toValidationSchema(circularNode(), '3.1'))).toEqual(['allOf', '$defs']);
    expect(Object.keys(toValidationSchema(circularNode(), '2.0'))).toEqual([
      'allOf',
      'definitions',
    ]);
  });

  it('reads a schema as an answer: writeOnly properties are not required', () => {
    const schema = {
      type: 'object',
      required: ['id', 'password'],
      properties: { id: { type: 'integer' }, password: { type: 'string', writeOnly: true } },
    };
    expect(createSchemaValidator('3.0').check(schema)({ id: 1 })).toEqual([]);
  });

  it('keeps nullable with a type (3.0) and drops it without one', () => {
    const check = createSchemaValidator('3.0');
    expect(check.check({ type: 'string', nullable: true })(null)).toEqual([]);
    expect(check.check({ nullable: true, allOf: [{ type: 'string' }] })('a')).toEqual([]);
  });

  it('treats a property called like a keyword as a property', () => {
    const schema = {
      type: 'object',
      properties: { enum: { type: 'integer' }, type: { type: 'string' } },
    };
    expect(createSchemaValidator('3.1').check(schema)({ enum: 'x', type: 'y' })).toEqual([
      '/enum must be integer',
    ]);
  });

  it('knows the OpenAPI formats', () => {
    const check = createSchemaValidator('3.0').check({ type: 'integer', format: 'int32' });
    expect(check(2 ** 31)).toEqual(['(root) must match format "int32"']);
  });
});

describe('planImport on a hand-made circular document', () => {
  it('cuts the recursion at depth 2, and every body validates', () => {
    const node = circularNode();
    const document = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/tree': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: node } } },
            },
          },
        },
      },
    };
    const [op] = planImport(document).operations;
    expect(op?.report.recursionCut).toEqual([
      '#/paths/~1tree/get/responses/200/content/application~1json/schema/properties/children/items/properties/children/items',
    ]);
    expect(op?.template).toEqual({
      name: 'string',
      children: [{ __multiply: '1-3', name: 'string', children: [] }],
    });
    const compiled = compileTemplate(op?.template);
    if (!compiled.ok) throw new Error('not compiled');
    const check = createSchemaValidator('3.0').check(node);
    for (let seed = 0; seed < 20; seed++)
      expect(check(compiled.value.generate({ seed }))).toEqual([]);
  });
});

describe('name hints', () => {
  it.each([
    'firstName',
    'first_name',
    'lastName',
    'city',
    'country',
    'price',
    'email',
    'createdAt',
    'updatedAt',
    'avatarUrl',
  ])('%s names a catalogue type', (name) => {
    const hint = hintForName(name);
    expect(typeof hint === 'string' && getDataType(hint) !== undefined).toBe(true);
  });

  it('names only catalogue types or valid directives', () => {
    const names = ['phone', 'mobile', 'zip', 'iban', 'sku', 'slug', 'bio', 'lat', 'lng', 'website'];
    for (const name of names) {
      const hint = hintForName(name);
      if (typeof hint === 'string') expect(getDataType(hint), name).toBeDefined();
      else expect(compileTemplate({ v: hint ?? null }).ok, name).toBe(true);
    }
  });
});
