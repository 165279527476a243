import { describe, expect, it } from 'vitest';
import { DEMO_TYPE_NAMES, importTexts } from '../errors.ts';
import { isJsonObject, type JsonValue } from '../json.ts';
import { compileTemplate } from '../template/compile.ts';
import { toDemoOperation } from './demo.ts';
import type { PlannedOperation } from './types.ts';

function operation(template: JsonValue): PlannedOperation {
  return {
    name: 'getPet',
    description: null,
    method: 'GET',
    path: '/pets/{id}',
    customEndpoint: '/pets/{id}',
    httpCode: 200,
    template,
    report: {
      source: 'schema',
      ignored: [],
      branches: [],
      recursionCut: [],
      contradictingExamples: [],
    },
  };
}

describe('a planned operation for a visitor', () => {
  it('keeps a template of basic types as it is', () => {
    const planned = operation({ id: 'uuid', tags: [{ __multiply: '1-3', n: 'number' }], ok: true });
    expect(toDemoOperation(planned)).toBe(planned);
  });

  it('turns catalogue types, directives and fixed texts into the nearest basic types, and says where', () => {
    const demo = toDemoOperation(
      operation({
        name: 'string.name.fullname',
        mail: 'string.mail.email',
        price: { __number: { min: 1, max: 9 } },
        code: { __string: { pattern: '^[A-Z]{3}$' } },
        status: { __oneOf: [null, 'active', 'inactive'] },
        kind: { __literal: 'dog' },
        list: [{ __multiply: '1-2', __oneOf: [1, 2] }],
        note: 'fixed text',
      }),
    );
    expect(demo.template).toEqual({
      name: 'string',
      mail: 'email',
      price: 'number',
      code: 'string',
      status: 'string',
      kind: 'string',
      list: [1],
      note: 'string',
    });
    expect(demo.report.ignored.map((entry) => entry.pointer)).toEqual([
      'template:/name',
      'template:/mail',
      'template:/price',
      'template:/code',
      'template:/status',
      'template:/kind',
      'template:/list/0',
      'template:/note',
    ]);
    expect(new Set(demo.report.ignored.map((entry) => entry.reason))).toEqual(
      new Set([importTexts.demoBasicTypes]),
    );
  });

  it('gives templates the demo accepts', () => {
    const demo = toDemoOperation(
      operation({
        a: 'number.money.price',
        b: [{ __multiply: '2-2', c: { __oneOf: ['x', 'y'] }, d: 'object.weather.complete' }],
      }),
    );
    const compiled = compileTemplate(demo.template, { mode: 'demo' });
    expect(compiled.ok).toBe(true);
    const leaves: string[] = [];
    const walk = (value: JsonValue) => {
      if (typeof value === 'string') leaves.push(value);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (isJsonObject(value))
        for (const [key, item] of Object.entries(value)) if (key !== '__multiply') walk(item);
    };
    walk(demo.template);
    for (const leaf of leaves) expect(DEMO_TYPE_NAMES as readonly string[]).toContain(leaf);
  });
});
