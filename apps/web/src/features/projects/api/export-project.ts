import { saveJsonFile } from '../../../components/template-editor/text/save-json-file.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';

/** The formats a project exports to, with the file each is saved as. */
export const EXPORT_FORMATS = {
  openapi: { label: 'OpenAPI', fileName: (slug: string) => `${slug}.openapi.json` },
  postman: { label: 'Postman', fileName: (slug: string) => `${slug}.postman_collection.json` },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

/**
 * `GET /backend/projects/{id}/export/{openapi|postman}`: the project as an OpenAPI 3.1 document
 * or a Postman v2.1 collection, saved as a file named after its slug; returns the file name.
 */
export async function exportProject(
  project: { id: string; slug: string },
  format: ExportFormat,
): Promise<string> {
  const document = await apiGet<unknown>(projectsUrl(project.id, 'export', format), {
    auth: 'own-403',
  });
  const fileName = EXPORT_FORMATS[format].fileName(project.slug);
  saveJsonFile(document, fileName);
  return fileName;
}
