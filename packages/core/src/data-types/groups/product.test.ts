import { describe, expect, it } from 'vitest';
import { drawValues, findType, TEST_NOW } from '../../testing/draw.ts';
import { productTypes } from './product.ts';

type Obj = Record<string, unknown>;

function decimals(value: number): number {
  return (String(value).split('.')[1] ?? '').length;
}

function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

function validIsbn13(isbn: string): boolean {
  const digits = isbn.replace(/-/g, '');
  return validEan13(digits) && /^97[89]/.test(digits);
}

describe('product types', () => {
  it('barcode is an EAN-13 with a valid check digit', () => {
    expect(validEan13(findType(productTypes, 'string.product.barcode').example as string)).toBe(
      true,
    );
    for (const v of drawValues(productTypes, 'string.product.barcode', { count: 500 }))
      expect(validEan13(v as string)).toBe(true);
  });

  it('isbn is a hyphenated ISBN-13 with a valid check digit', () => {
    expect(validIsbn13(findType(productTypes, 'string.product.isbn').example as string)).toBe(true);
    for (const v of drawValues(productTypes, 'string.product.isbn')) {
      expect(v).toMatch(/^97[89]-\d+-\d+-\d+-\d$/);
      expect(validIsbn13(v as string)).toBe(true);
    }
  });

  it('price is positive with at most two decimals', () => {
    for (const v of drawValues(productTypes, 'number.product.price')) {
      expect(v as number).toBeGreaterThan(0);
      expect(v as number).toBeLessThan(1000);
      expect(decimals(v as number)).toBeLessThanOrEqual(2);
    }
  });

  it('rating is 1 to 5 with one decimal', () => {
    for (const v of drawValues(productTypes, 'number.product.rating')) {
      expect(v as number).toBeGreaterThanOrEqual(1);
      expect(v as number).toBeLessThanOrEqual(5);
      expect(decimals(v as number)).toBeLessThanOrEqual(1);
    }
  });

  it('counts are whole and not negative', () => {
    for (const name of [
      'number.product.reviews',
      'number.product.stock',
      'number.product.discount',
    ]) {
      for (const v of drawValues(productTypes, name)) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v as number).toBeGreaterThanOrEqual(0);
      }
    }
    for (const v of drawValues(productTypes, 'number.product.discount'))
      expect(v as number).toBeLessThan(100);
  });

  it('size, sku, weight, tags and dimensions look right', () => {
    for (const v of drawValues(productTypes, 'string.product.size'))
      expect(['XS', 'S', 'M', 'L', 'XL', 'XXL']).toContain(v);
    for (const v of drawValues(productTypes, 'string.product.sku'))
      expect(v).toMatch(/^[A-Z]{3}-\d{5}$/);
    for (const v of drawValues(productTypes, 'number.product.weight'))
      expect(v as number).toBeGreaterThan(0);
    for (const v of drawValues(productTypes, 'array.product.tags')) {
      const tags = v as string[];
      expect(tags.length).toBeGreaterThanOrEqual(2);
      expect(new Set(tags).size).toBe(tags.length);
    }
    for (const v of drawValues(productTypes, 'object.product.dimensions')) {
      expect(Object.keys(v as Obj).sort()).toEqual(['depth', 'height', 'unit', 'width']);
    }
  });

  it('variants are distinct and their stock agrees with inStock', () => {
    for (const v of drawValues(productTypes, 'array.product.variants')) {
      const list = v as Obj[];
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(5);
      expect(new Set(list.map((x) => x.sku)).size).toBe(list.length);
      for (const x of list) expect(x.inStock).toBe((x.stock as number) > 0);
    }
  });

  it('complete is a consistent product', () => {
    for (const v of drawValues(productTypes, 'object.product.complete')) {
      const p = v as Obj;
      expect(p.inStock).toBe((p.stock as number) > 0);
      expect(p.name as string).toContain(p.material as string);
      expect(p.sku as string).toMatch(
        new RegExp(`^${(p.department as string).slice(0, 3).toUpperCase()}-`),
      );
      expect(p.salePrice as number).toBeLessThanOrEqual(p.price as number);
      const exact = ((p.price as number) * (100 - (p.discount as number))) / 100;
      expect(Math.abs((p.salePrice as number) - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(validEan13(p.barcode as string)).toBe(true);
      expect(Date.parse(p.createdAt as string)).toBeLessThan(TEST_NOW);
    }
  });

  it('is reproducible under a seed', () => {
    for (const d of productTypes) {
      expect(JSON.stringify(drawValues(productTypes, d.name, { count: 20, seed: 42 }))).toBe(
        JSON.stringify(drawValues(productTypes, d.name, { count: 20, seed: 42 })),
      );
    }
  });
});
