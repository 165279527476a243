import { site } from '../../config/site.ts';

/** The Postman Export screen's texts; the spec's (sections 2 and 8) are word for word. */
export const postmanTexts = {
  /** The collection name until the user types another (spec section 9). */
  defaultCollectionName: `${site.name} APIs Collection`,
  noApis: 'No APIs found. Create some APIs first to export them.',
  noMatch: 'No APIs match your search criteria. Try a different search term.',
  selectAtLeastOne: 'Please select at least one API to export',
  nameRequired: 'Please enter a collection name',
  loadFailed: 'Failed to load your APIs',
  exportFailed: 'Failed to export collection',
  exported: (count: number) => `Successfully exported ${count} APIs to Postman collection`,
  exporting: 'Exporting...',
  // Beyond the spec: the same selection as an OpenAPI 3.1 document.
  openApiExported: (count: number) =>
    `Successfully exported ${count} ${count === 1 ? 'API' : 'APIs'} to an OpenAPI document`,
  openApiExportFailed: 'Failed to export the OpenAPI document',
} as const;
