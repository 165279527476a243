import { apiMessages } from '@mocksmith/core/schemas';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { saveError } from './save-error.ts';

describe('saveError', () => {
  it('puts a taken custom endpoint beside its field with the spec’s text', () => {
    expect(saveError(new ApiError(409, 'CUSTOM_ENDPOINT_TAKEN', 'x'), 'Failed')).toEqual({
      field: 'customEndpoint',
      message: apiMessages.endpointTaken,
    });
  });

  it('shows the answer’s message, else the fallback', () => {
    expect(saveError(new ApiError(400, 'VALIDATION_FAILED', 'API name is required'), 'F')).toEqual({
      field: 'form',
      message: 'API name is required',
    });
    expect(saveError(new ApiError(502, 'HTTP_ERROR', 'Bad Gateway'), 'F')).toEqual({
      field: 'form',
      message: 'Bad Gateway',
    });
    expect(saveError(new TypeError('Failed to fetch'), 'Failed to save template')).toEqual({
      field: 'form',
      message: 'Failed to save template',
    });
  });
});
