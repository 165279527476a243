import type { UseResult } from '@mocksmith/core/gallery';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /backend/templates-gallery/{id}/use`: copies a template into the caller's APIs. 404 when
 * it is gone, 403 when it is not shared (the call's own answer, not the session's end), 401
 * signed out.
 */
export function copyGalleryTemplate(id: string): Promise<UseResult> {
  return apiPost<UseResult>(
    `${apiPaths.backend}/templates-gallery/${encodeURIComponent(id)}/use`,
    undefined,
    { auth: 'own-403' },
  );
}

/**
 * Copies a gallery template into the user's APIs; `onUsed` runs after a copy (the page reloads
 * the user's APIs with it: this feature does not know the APIs feature's queries).
 */
export function useUseTemplate({ onUsed }: { onUsed?: () => unknown } = {}) {
  return useMutation({
    mutationFn: copyGalleryTemplate,
    onSuccess: () => onUsed?.(),
  });
}
