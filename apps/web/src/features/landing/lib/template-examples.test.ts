import { getDataType, validateTemplate } from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_EXAMPLE_GROUPS, templateText } from './template-examples.ts';

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const group = (id: string) => TEMPLATE_EXAMPLE_GROUPS.find((g) => g.id === id)!;

describe('TEMPLATE_EXAMPLE_GROUPS', () => {
  it('has the three tabs of the spec, in order', () => {
    expect(TEMPLATE_EXAMPLE_GROUPS.map((g) => g.label)).toEqual([
      'Basic Templates',
      'Advanced Templates',
      'Custom Data Types',
    ]);
  });

  it('basic and advanced examples are valid in the anonymous demo', () => {
    for (const id of ['basic', 'advanced']) {
      for (const example of group(id).examples) {
        expect(validateTemplate(example.template, { mode: 'demo' }), example.id).toEqual([]);
      }
    }
  });

  it('advanced examples nest objects and multiply arrays with "1-5"', () => {
    for (const example of group('advanced').examples) {
      expect(templateText(example)).toContain('"__multiply": "1-5"');
    }
  });

  it('custom data type examples are valid and every dotted name is in the catalogue', () => {
    const dotted = group('custom').examples.flatMap((example) => {
      expect(validateTemplate(example.template), example.id).toEqual([]);
      return strings(example.template).filter((s) => s.includes('.'));
    });
    expect(dotted).toEqual(
      expect.arrayContaining([
        'string.name.fullname',
        'number.money.price',
        'string.address.city',
        'object.weather.complete',
      ]),
    );
    for (const name of dotted) expect(getDataType(name), name).toBeDefined();
  });

  it('templateText pretty-prints with two spaces and parses back to the template', () => {
    const example = group('basic').examples[0]!;
    expect(templateText(example).split('\n')[1]).toBe('  "id": "uuid",');
    expect(JSON.parse(templateText(example))).toEqual(example.template);
  });
});
