/**
 * The file name of an OpenAPI export, apart from the builder (export.ts) so that a page can name
 * the file without loading the data-type catalogue the builder needs.
 */

/** What every exported OpenAPI file name ends with. */
export const OPENAPI_FILE_SUFFIX = '.openapi.json';

/**
 * The file name of an exported document: the name with every character other than an ASCII
 * letter or digit replaced by one underscore (the rule of the Postman export's file names), then
 * `.openapi.json`.
 */
export function openApiFileName(name: string): string {
  return `${name.replace(/[^A-Za-z0-9]/gu, '_')}${OPENAPI_FILE_SUFFIX}`;
}
