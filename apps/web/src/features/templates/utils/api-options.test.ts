import { apiMessages, DELAY_MESSAGE } from '@mocksmith/core/schemas';
import { describe, expect, it } from 'vitest';
import {
  addTag,
  checkOptions,
  DEFAULT_API_OPTIONS,
  isErrorStatus,
  withPublic,
} from './api-options.ts';

describe('checkOptions', () => {
  it('gives the defaults as the body of a plain API', () => {
    expect(checkOptions(DEFAULT_API_OPTIONS)).toEqual({
      ok: true,
      value: {
        option: { delay: 0, authToken: null, httpCode: 200 },
        customHeaders: [],
        isPublic: false,
        category: null,
        description: null,
        tags: [],
      },
    });
  });

  it('takes delays from 0 to 10000 whole milliseconds only', () => {
    for (const delay of ['0', '500', '10000', '']) {
      expect(checkOptions({ ...DEFAULT_API_OPTIONS, delay }).ok).toBe(true);
    }
    for (const delay of ['-1', '10001', '1.5', 'soon']) {
      expect(checkOptions({ ...DEFAULT_API_OPTIONS, delay })).toEqual({
        ok: false,
        errors: { delay: DELAY_MESSAGE },
      });
    }
  });

  it('drops empty header rows and names a bad or repeated header', () => {
    const check = (customHeaders: { name: string; value: string }[]) =>
      checkOptions({ ...DEFAULT_API_OPTIONS, customHeaders });
    const ok = check([
      { name: ' X-Trace ', value: 'abc' },
      { name: '', value: '' },
    ]);
    expect(ok.ok && ok.value.customHeaders).toEqual([{ name: 'X-Trace', value: 'abc' }]);
    expect(check([{ name: 'Bad Name', value: 'x' }])).toMatchObject({
      ok: false,
      errors: { customHeaders: apiMessages.headerName('Bad Name') },
    });
    expect(
      check([
        { name: 'X-A', value: '1' },
        { name: 'x-a', value: '2' },
      ]),
    ).toMatchObject({
      ok: false,
      errors: { customHeaders: apiMessages.duplicateHeader('x-a') },
    });
  });

  it('applies the sharing rules to a public API', () => {
    expect(checkOptions({ ...DEFAULT_API_OPTIONS, isPublic: true })).toEqual({
      ok: false,
      errors: {
        category: apiMessages.categoryRequired,
        description: apiMessages.descriptionRequired,
      },
    });
    const shared = checkOptions({
      ...DEFAULT_API_OPTIONS,
      isPublic: true,
      category: 'ecommerce',
      description: '  A shop of ten products  ',
      tags: ['shop'],
    });
    expect(shared).toMatchObject({
      ok: true,
      value: { isPublic: true, category: 'ecommerce', description: 'A shop of ten products' },
    });
  });
});

describe('addTag', () => {
  it('trims, refuses empty, long and repeated tags, and an eleventh', () => {
    expect(addTag(['a'], '  shop ')).toEqual({ ok: true, tags: ['a', 'shop'] });
    expect(addTag([], '   ')).toEqual({ ok: false, message: null });
    expect(addTag([], 'x'.repeat(21))).toEqual({
      ok: false,
      message: apiMessages.tagTooLong('x'.repeat(21)),
    });
    expect(addTag(['Shop'], 'shop')).toEqual({
      ok: false,
      message: apiMessages.duplicateTag('shop'),
    });
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(addTag(ten, 'more')).toEqual({ ok: false, message: apiMessages.tooManyTags });
  });
});

describe('withPublic', () => {
  it('clears category, description and tags when sharing is turned off', () => {
    const shared = {
      ...DEFAULT_API_OPTIONS,
      isPublic: true,
      category: 'blog' as const,
      description: 'd',
      tags: ['t'],
    };
    expect(withPublic(shared, false)).toMatchObject({
      isPublic: false,
      category: '',
      description: '',
      tags: [],
    });
    expect(withPublic(DEFAULT_API_OPTIONS, true)).toMatchObject({ isPublic: true });
  });
});

describe('isErrorStatus', () => {
  it('warns from 400 on', () => {
    expect([200, 201, 204, 399].map(isErrorStatus)).toEqual([false, false, false, false]);
    expect([400, 404, 500, 503].map(isErrorStatus)).toEqual([true, true, true, true]);
  });
});
