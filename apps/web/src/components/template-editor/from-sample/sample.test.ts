import { ErrorCode } from '@mocksmith/core/errors';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { chosenText, inferFailureMessage, readSample } from './sample.ts';
import { fromSampleTexts } from './texts.ts';

describe('readSample', () => {
  it('reads any JSON value, a bare string or number too', () => {
    expect(readSample(' {"a": [1, null]} ')).toEqual({ ok: true, value: { a: [1, null] } });
    expect(readSample('"text"')).toEqual({ ok: true, value: 'text' });
    expect(readSample('0')).toEqual({ ok: true, value: 0 });
  });

  it('asks for a sample when there is none, and names the parser’s problem otherwise', () => {
    expect(readSample('  \n')).toEqual({ ok: false, message: fromSampleTexts.empty });
    const refused = readSample('{"a": 1,}');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/^The sample is not valid JSON: \S/);
  });
});

describe('inferFailureMessage', () => {
  it('tells size and depth in the sample’s words, and keeps the server’s other messages', () => {
    const answer = (status: number, code: string, message: string) =>
      new ApiError(status, code, message);
    expect(
      inferFailureMessage(answer(413, ErrorCode.BODY_TOO_LARGE, 'The request body is too large')),
    ).toBe(fromSampleTexts.tooLarge);
    expect(
      inferFailureMessage(answer(400, ErrorCode.TEMPLATE_TOO_DEEP, 'Template is nested')),
    ).toBe(fromSampleTexts.tooDeep);
    expect(
      inferFailureMessage(answer(400, ErrorCode.BODY_TOO_DEEP, 'The JSON body is nested')),
    ).toBe(fromSampleTexts.tooDeep);
    expect(inferFailureMessage(answer(429, ErrorCode.RATE_LIMITED, 'Try again in 9 seconds'))).toBe(
      'Try again in 9 seconds',
    );
    expect(inferFailureMessage(new TypeError('Failed to fetch'))).toBe(fromSampleTexts.failed);
  });
});

describe('chosenText', () => {
  it('shows a type name as is and a directive or a literal as JSON', () => {
    expect(chosenText('email')).toBe('email');
    expect(chosenText({ __oneOf: ['a', 'b'] })).toBe('{"__oneOf":["a","b"]}');
    expect(chosenText(null)).toBe('null');
  });
});
