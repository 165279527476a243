import type { LikeResult } from '@mocksmith/core/gallery';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /backend/templates-gallery/{id}/like`: toggles the caller's like; 401 signed out. */
export function likeTemplate(id: string): Promise<LikeResult> {
  return apiPost<LikeResult>(
    `${apiPaths.backend}/templates-gallery/${encodeURIComponent(id)}/like`,
    undefined,
    { auth: 'own-403' },
  );
}

/** Likes or unlikes a template; the card keeps the answer's count and state. */
export function useLikeTemplate() {
  return useMutation({ mutationFn: likeTemplate });
}
