import { postmanFileName } from '@mocksmith/core/postman/file-name';
import { saveJsonFile } from '../../../components/template-editor/text/save-json-file.ts';
import { toExportedApi } from '../../../lib/exported-api.ts';
import type { ExportableApi } from '../types.ts';

/**
 * Builds the Postman collection of `apis` in the browser and saves it as
 * `{name}.postman_collection.json` (spec section 5); returns the file name. The builder is
 * loaded here, on the first export, because it brings the data-type catalogue (to generate each
 * API's example body), which the page itself does not need.
 */
export async function exportCollection(
  apis: readonly ExportableApi[],
  name: string,
  mockOrigin: string,
): Promise<string> {
  const { buildPostmanCollection } = await import('@mocksmith/core/postman');
  const collection = buildPostmanCollection(apis.map(toExportedApi), { name, mockOrigin });
  const fileName = postmanFileName(name);
  saveJsonFile(collection, fileName);
  return fileName;
}
