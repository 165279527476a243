/**
 * The Postman export: the user's APIs as a Postman Collection v2.1.0, and the file name rule.
 * The web loads this subpath when it exports (it brings the catalogue, to generate the example
 * bodies); `file-name.ts` alone is the light part a page shows before that.
 */
export {
  BASE_URL_VARIABLE,
  buildPostmanCollection,
  type PostmanApi,
  type PostmanCollection,
  type PostmanEvent,
  type PostmanExportOptions,
  type PostmanItem,
  type PostmanKeyValue,
  type PostmanRequest,
  type PostmanResponse,
  type PostmanUrl,
  tokenVariable,
} from './collection.ts';
export { POSTMAN_FILE_SUFFIX, POSTMAN_SCHEMA_URL, postmanFileName } from './file-name.ts';
