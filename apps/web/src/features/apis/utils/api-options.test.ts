import { apiMessages } from '@mocksmith/core/texts';
import { describe, expect, it } from 'vitest';
import { addTag, isErrorStatus } from './api-options.ts';

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

describe('isErrorStatus', () => {
  it('warns from 400 on', () => {
    expect([200, 201, 204, 399].map(isErrorStatus)).toEqual([false, false, false, false]);
    expect([400, 404, 500, 503].map(isErrorStatus)).toEqual([true, true, true, true]);
  });
});
