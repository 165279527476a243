import type { ProjectPreviewInput } from '@mocksmith/core/projects';
import { useMutation } from '@tanstack/react-query';
import { prettyJson } from '../../../components/template-editor/text/template-text.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';

/**
 * `POST /backend/projects/{id}/preview`: the body a template generates for a sample request at a
 * route's path, as the live URL would answer it. Throws ApiError: 400 for a refused template.
 */
export function previewRoute({
  projectId,
  input,
}: {
  projectId: string;
  input: ProjectPreviewInput;
}): Promise<unknown> {
  return apiPost(projectsUrl(projectId, 'preview'), input, { auth: 'own-403' });
}

/** Generates a preview; the answer comes pretty-printed. */
export function usePreviewRoute() {
  return useMutation({
    mutationFn: async (variables: Parameters<typeof previewRoute>[0]) =>
      prettyJson(await previewRoute(variables)),
  });
}
