import type { ProjectImportResult } from '@mocksmith/core/projects';
import { useMutation } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { useReloadProjects } from './reload-projects.ts';

/**
 * `POST /backend/projects/{id}/import`: an OpenAPI file (multipart `file`, as the OpenAPI Import
 * page sends it) into the project; answers what changed and the routes after it. Throws
 * ApiError: 400 for a file that is not a specification, 429 while uploads are throttled.
 */
export function importIntoProject({
  projectId,
  file,
}: {
  projectId: string;
  file: File;
}): Promise<ProjectImportResult> {
  const form = new FormData();
  form.append('file', file);
  return apiPostForm(projectsUrl(projectId, 'import'), form, { auth: 'own-403' });
}

export function useImportIntoProject() {
  const reload = useReloadProjects();
  return useMutation({ mutationFn: importIntoProject, onSettled: reload });
}
