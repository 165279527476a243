import type { Project, ProjectSettings } from '@mocksmith/core/projects';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPatch } from '../../../lib/api-client.ts';

/**
 * `PATCH /backend/projects/{id}` with the project's settings, logging turned on or off. The
 * settings go whole: a setting left out would be reset to its default.
 */
export function setLogging({
  projectId,
  settings,
  logging,
}: {
  projectId: string;
  settings: ProjectSettings;
  logging: boolean;
}): Promise<Project> {
  return apiPatch<Project>(
    `${apiPaths.backend}/projects/${encodeURIComponent(projectId)}`,
    { settings: { ...settings, logging } },
    { auth: 'own-403' },
  );
}

/** Turns a project's logging on or off; `onChanged` reloads what shows the project. */
export function useSetLogging({ onChanged }: { onChanged?: () => unknown } = {}) {
  return useMutation({ mutationFn: setLogging, onSettled: () => onChanged?.() });
}
