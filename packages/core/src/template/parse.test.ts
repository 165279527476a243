import { describe, expect, it } from 'vitest';
import { MAX_TEMPLATE_BYTES } from '../limits.ts';
import { parseTemplate, utf8Length } from './parse.ts';

describe('parseTemplate', () => {
  it('reads a JSON object or array', () => {
    expect(parseTemplate('{"id":"uuid"}')).toEqual({ ok: true, value: { id: 'uuid' } });
    expect(parseTemplate('[1, "x"]')).toEqual({ ok: true, value: [1, 'x'] });
  });

  it.each(['{', '{"a": }', "{'a': 1}", '', '{"a": 1,}', 'undefined'])(
    'rejects %j with the spec text "Invalid JSON format"',
    (text) => {
      expect(parseTemplate(text)).toEqual({
        ok: false,
        errors: [{ code: 'INVALID_JSON', message: 'Invalid JSON format', path: '$' }],
      });
    },
  );

  it('accepts a text of exactly the size limit', () => {
    const text = `"${'a'.repeat(MAX_TEMPLATE_BYTES - 2)}"`;
    expect(utf8Length(text)).toBe(MAX_TEMPLATE_BYTES);
    expect(parseTemplate(text).ok).toBe(true);
  });

  it('rejects a text over 256 KiB, naming its size and the limit', () => {
    const text = `{"a":"${'x'.repeat(300 * 1024)}"}`;
    expect(parseTemplate(text)).toEqual({
      ok: false,
      errors: [
        {
          code: 'TEMPLATE_TOO_LARGE',
          message: 'Template is too large: 300.1 KiB, the limit is 256 KiB',
          path: '$',
        },
      ],
    });
  });

  it('counts the size in bytes of UTF-8, not in characters', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
    const text = `"${'€'.repeat(90_000)}"`;
    expect(text.length).toBeLessThan(MAX_TEMPLATE_BYTES);
    expect(parseTemplate(text).ok).toBe(false);
  });
});
