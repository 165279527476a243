import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { useReloadProjects } from './reload-projects.ts';

/** What a project made from files answers: where it lives and what it holds. */
export interface ImportedFiles {
  project: { id: string; slug: string; version: number };
  changes: {
    routes: { created: string[] };
    collections: { created: string[] };
  };
  /** The variables the files name whose tokens the server made anew. */
  madeTokens?: string[];
}

/**
 * `POST /backend/projects/import/files`: a new project from a directory's files (by path), a
 * new token made for each the files name (a browser holds none of their variables). Throws
 * ApiError: 400 naming each problem by file and line, 403 at the limit of projects.
 */
export function importProjectFiles(files: Record<string, string>): Promise<ImportedFiles> {
  return apiPost(projectsUrl('import', 'files'), { files, makeTokens: true }, { auth: 'own-403' });
}

export function useImportProjectFiles() {
  const reload = useReloadProjects();
  return useMutation({ mutationFn: importProjectFiles, onSettled: reload });
}

/** `GET /backend/projects/{id}/export/files.zip`: the directory as a download (a plain link). */
export function projectZipUrl(projectId: string): string {
  return projectsUrl(projectId, 'export', 'files.zip');
}
