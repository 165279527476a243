import type { ImportedApi, SkippedOperation } from '@mocksmith/core';
import { IMPORT_SKIPPED_HEADER, openApiMessages } from '@mocksmith/core/texts';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth.tsx';

/** The wait when a 429 names none (spec section 9). */
export const DEFAULT_RATE_LIMIT_WAIT_S = 60;

/** The server refused the upload for now (429): try again in `seconds`. */
export class UploadRateLimitedError extends Error {
  override name = 'UploadRateLimitedError';
  constructor(readonly seconds: number) {
    super(openApiMessages.rateLimited);
  }
}

/** The server refused the upload or failed: `message` is its own, else 'Upload failed (status)'. */
export class UploadFailedError extends Error {
  override name = 'UploadFailedError';
  constructor(
    message: string,
    readonly status: number,
    /** The parser's reason, when the server gave one. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export interface ImportAnswer {
  apis: ImportedApi[];
  skipped: SkippedOperation[];
  /** How many operations were skipped, the header's list being capped. */
  skippedCount: number;
}

/** The seconds a 429's text names ('Try again in N seconds'), else the default. */
export function retryAfterOf(text: string): number {
  const match = /Try again in (\d+) seconds?/.exec(text);
  return match ? Math.max(1, Number(match[1])) : DEFAULT_RATE_LIMIT_WAIT_S;
}

function skippedOf(response: Response): SkippedOperation[] {
  const header = response.headers.get(IMPORT_SKIPPED_HEADER);
  if (!header) return [];
  try {
    return JSON.parse(decodeURIComponent(header)) as SkippedOperation[];
  } catch {
    return [];
  }
}

/**
 * `POST /backend/crud/openapi` (spec section 7): the file and `username` (the user's id, or
 * empty) as multipart. Throws UploadRateLimitedError on 429 and UploadFailedError otherwise.
 */
export async function importOpenApi(file: File, userId: string | null): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('username', userId ?? '');
  form.append('file', file);
  const response = await fetch('/backend/crud/openapi', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  if (response.status === 429) throw new UploadRateLimitedError(retryAfterOf(text));
  if (!response.ok) {
    let body: { message?: unknown; details?: { reason?: unknown } } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const message =
      typeof body?.message === 'string' && body.message !== ''
        ? body.message
        : `${openApiMessages.uploadFailed} (${response.status})`;
    const reason = typeof body?.details?.reason === 'string' ? body.details.reason : undefined;
    throw new UploadFailedError(message, response.status, reason);
  }
  const skipped = skippedOf(response);
  return {
    apis: JSON.parse(text) as ImportedApi[],
    skipped,
    skippedCount: Number(response.headers.get(`${IMPORT_SKIPPED_HEADER}-Count`) ?? skipped.length),
  };
}

/**
 * The upload as a mutation, for the signed-in user (or a visitor); `onImported` runs after a
 * success: the page that composes this feature reloads the APIs with their own query key.
 */
export function useImportOpenApi({ onImported }: { onImported?: () => unknown } = {}) {
  const { user } = useAuth();
  const userId = user?.userId ?? null;
  return useMutation({
    mutationFn: (file: File) => importOpenApi(file, userId),
    onSuccess: () => onImported?.(),
  });
}
