import { describe, expect, it } from 'vitest';
import { drawValues, findType } from '../../testing/draw.ts';
import { colorTypes } from './color.ts';

const HEX = /^#[0-9a-f]{6}$/;

describe('color types', () => {
  it('hex and pastel are #rrggbb', () => {
    for (const v of drawValues(colorTypes, 'string.color.hex')) expect(v).toMatch(HEX);
    for (const v of drawValues(colorTypes, 'string.color.pastel')) expect(v).toMatch(HEX);
  });

  it('rgb and rgba have channels 0..255 and an alpha 0..1', () => {
    for (const v of drawValues(colorTypes, 'string.color.rgb')) {
      const m = /^rgb\((\d{1,3}), (\d{1,3}), (\d{1,3})\)$/.exec(v as string);
      expect(m).not.toBeNull();
      for (const ch of m?.slice(1) ?? []) expect(Number(ch)).toBeLessThanOrEqual(255);
    }
    for (const v of drawValues(colorTypes, 'string.color.rgba')) {
      const m = /^rgba\((\d{1,3}), (\d{1,3}), (\d{1,3}), (0(\.\d{1,2})?|1)\)$/.exec(v as string);
      expect(m).not.toBeNull();
      for (const ch of m?.slice(1, 4) ?? []) expect(Number(ch)).toBeLessThanOrEqual(255);
    }
  });

  it('hsl has a hue under 360 and percentages', () => {
    for (const v of drawValues(colorTypes, 'string.color.hsl')) {
      const m = /^hsl\((\d{1,3}), (\d{1,3})%, (\d{1,3})%\)$/.exec(v as string);
      expect(m).not.toBeNull();
      expect(Number(m?.[1])).toBeLessThan(360);
      expect(Number(m?.[2])).toBeLessThanOrEqual(100);
      expect(Number(m?.[3])).toBeLessThanOrEqual(100);
    }
  });

  it('name is a non-empty colour name and tailwind a token', () => {
    for (const v of drawValues(colorTypes, 'string.color.name')) expect(v).toMatch(/^[a-z ]+$/);
    for (const v of drawValues(colorTypes, 'string.color.tailwind'))
      expect(v).toMatch(/^[a-z]+-(50|[1-9]00|950)$/);
  });

  it('palette has 3 to 6 hex colours', () => {
    for (const v of drawValues(colorTypes, 'array.color.palette')) {
      const list = v as string[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(6);
      for (const hex of list) expect(hex).toMatch(HEX);
    }
  });

  it('examples follow the same formats', () => {
    expect(findType(colorTypes, 'string.color.hex').example).toMatch(HEX);
    for (const hex of findType(colorTypes, 'array.color.palette').example as string[])
      expect(hex).toMatch(HEX);
  });

  it('is reproducible under a seed', () => {
    for (const d of colorTypes) {
      expect(JSON.stringify(drawValues(colorTypes, d.name, { count: 20, seed: 42 }))).toBe(
        JSON.stringify(drawValues(colorTypes, d.name, { count: 20, seed: 42 })),
      );
    }
  });
});
