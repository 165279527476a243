import { useQueryClient } from '@tanstack/react-query';
import { projectsQueryOptions } from './get-projects.ts';

/** Reloads the projects and every project's routes, as every change of one does. */
export function useReloadProjects(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
}
