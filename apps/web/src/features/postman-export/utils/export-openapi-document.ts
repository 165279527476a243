import { openApiFileName } from '@mocksmith/core/openapi/file-name';
import { saveJsonFile } from '../../../components/template-editor/text/save-json-file.ts';
import { toExportedApi } from '../../../lib/exported-api.ts';
import type { ExportableApi } from '../types.ts';

/**
 * Builds the OpenAPI 3.1 document of `apis` in the browser, titled `name`, and saves it as
 * `{name}.openapi.json`; returns the file name. Loaded on the first export, like the collection's
 * builder, for the data-type catalogue it brings. No token is written.
 */
export async function exportOpenApiDocument(
  apis: readonly ExportableApi[],
  name: string,
  mockOrigin: string,
): Promise<string> {
  const { buildOpenApiDocument } = await import('@mocksmith/core/openapi/export');
  const document = buildOpenApiDocument(apis.map(toExportedApi), { mockOrigin, title: name });
  const fileName = openApiFileName(name);
  saveJsonFile(document, fileName);
  return fileName;
}
