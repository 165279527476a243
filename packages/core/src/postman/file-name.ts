/**
 * The names of a Postman export, apart from the collection builder so that a page can show and
 * check them without loading the data-type catalogue (and faker) that the builder needs.
 */

/** The Collection format the export writes, as its `info.schema` names it. */
export const POSTMAN_SCHEMA_URL =
  'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** What every exported file name ends with. */
export const POSTMAN_FILE_SUFFIX = '.postman_collection.json';

/**
 * The file name of an exported collection (spec section 5): the collection name with every
 * character other than an ASCII letter or digit replaced by one underscore, then
 * `.postman_collection.json`. A character outside the Basic Multilingual Plane (an emoji) is one
 * character, so one underscore.
 */
export function postmanFileName(collectionName: string): string {
  return `${collectionName.replace(/[^A-Za-z0-9]/gu, '_')}${POSTMAN_FILE_SUFFIX}`;
}
