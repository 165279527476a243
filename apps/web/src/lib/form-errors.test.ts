import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { fieldPathOf, setServerErrors, validationIssues } from './form-errors.ts';

function refused(issues: { path: string; message: string }[]): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', `x: ${issues[0]?.message}`, { issues });
}

describe('fieldPathOf', () => {
  it('turns a JSONPath into a form path', () => {
    expect(fieldPathOf('$.name')).toBe('name');
    expect(fieldPathOf('$.customHeaders[0].value')).toBe('customHeaders.0.value');
    expect(fieldPathOf('$.tags[12]')).toBe('tags.12');
    expect(fieldPathOf('category')).toBe('category');
    expect(fieldPathOf('$')).toBe('');
  });
});

describe('validationIssues', () => {
  it('reads the issues of a refused body only', () => {
    const issues = [{ path: '$.email', message: 'email must be a valid e-mail address' }];
    expect(validationIssues(refused(issues))).toEqual(issues);
    expect(validationIssues(new ApiError(400, 'INVALID_JSON', 'x', { issues }))).toEqual([]);
    expect(validationIssues(new ApiError(400, 'VALIDATION_FAILED', 'x'))).toEqual([]);
    expect(validationIssues(new TypeError('Failed to fetch'))).toEqual([]);
  });
});

describe('setServerErrors', () => {
  it('puts each issue beside its mapped field, the first one per field, focusing the first', () => {
    const setError = vi.fn();
    const placed = setServerErrors(
      refused([
        { path: '$.requestEnum', message: 'bad method' },
        { path: '$.option.delay', message: 'bad delay' },
        { path: '$.customHeaders[1].name', message: 'bad header' },
        { path: '$.option.delay', message: 'second delay problem' },
        { path: '$.userId', message: 'not shown' },
      ]),
      setError,
      {
        requestEnum: 'method',
        option: 'option',
        'option.delay': 'delay',
        customHeaders: 'headers',
      },
    );
    expect(placed).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['method', { type: 'server', message: 'bad method' }, { shouldFocus: true }],
      ['delay', { type: 'server', message: 'bad delay' }, { shouldFocus: false }],
      ['headers.1.name', { type: 'server', message: 'bad header' }, { shouldFocus: false }],
    ]);
  });

  it('places nothing for other errors', () => {
    const setError = vi.fn();
    expect(setServerErrors(new ApiError(409, 'CUSTOM_ENDPOINT_TAKEN', 'x'), setError, {})).toBe(
      false,
    );
    expect(setError).not.toHaveBeenCalled();
  });
});
