import { openApiFileName } from '@mocksmith/core/openapi/file-name';
import { saveJsonFile } from '../../../components/template-editor/text/save-json-file.ts';
import { toExportedApi } from '../../../lib/exported-api.ts';
import type { Api } from '../types.ts';

/**
 * Builds the OpenAPI 3.1 document of one API in the browser and saves it as
 * `{name}.openapi.json`; returns the file name. The builder is loaded here, on the first export,
 * because it brings the data-type catalogue (to generate the example body and read the types'
 * schemas), which the dashboard itself does not need. The API's token is never written.
 */
export async function exportOpenApi(api: Api, mockOrigin: string): Promise<string> {
  const { buildOpenApiDocument } = await import('@mocksmith/core/openapi/export');
  const document = buildOpenApiDocument([toExportedApi(api)], { mockOrigin, title: api.name });
  const fileName = openApiFileName(api.name);
  saveJsonFile(document, fileName);
  return fileName;
}
