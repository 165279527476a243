import { apiMessages } from '@mocksmith/core/texts';
import { describe, expect, it } from 'vitest';
import { addTag } from './api-options.ts';

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
