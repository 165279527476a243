import { ErrorCode } from '@mocksmith/core/errors';
import { apiMessages } from '@mocksmith/core/schemas';
import { ApiError } from '../../../lib/api-client.ts';

/** Where the form shows a refused save: beside the custom endpoint, or under the template. */
export interface SaveError {
  field: 'customEndpoint' | 'form';
  message: string;
}

/**
 * A refused save as the form shows it (spec section 7: the message of the answer, else its status
 * text, else `fallback`); a custom endpoint already in use goes beside that field.
 */
export function saveError(error: unknown, fallback: string): SaveError {
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.CUSTOM_ENDPOINT_TAKEN || error.status === 409) {
      return { field: 'customEndpoint', message: apiMessages.endpointTaken };
    }
    if (error.message.trim() !== '') return { field: 'form', message: error.message };
  }
  return { field: 'form', message: fallback };
}
