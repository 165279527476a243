/** The texts of the projects screens, in one place for the screens and their tests. */
export const projectTexts = {
  emptyTitle: 'No projects yet',
  emptyLine:
    'A project is a whole mock backend under one base URL: add routes such as GET /users and GET /users/{id}, then point your app’s base URL at it.',
  created: (name: string) => `Project “${name}” created`,
  createFailed: 'Failed to create the project',
  renamed: 'Project saved',
  renameFailed: 'Failed to save the project',
  settingsSaved: 'Project settings saved',
  settingsSaveFailed: 'Failed to save the project settings',
  deleted: (name: string) => `Project “${name}” deleted`,
  deleteFailed: 'Failed to delete the project',
  baseUrlCopied: 'Base URL copied',
  wildcardUrlCopied: 'Wildcard URL copied',
  copyFailed: 'Could not copy to the clipboard. Select the text and copy it by hand.',
  notFound: 'This project does not exist, or it is not yours.',
  noRoutesTitle: 'No routes yet',
  noRoutesLine:
    'Add a route by hand (a method, a path such as /users/{id} and its responses), or import an OpenAPI file: each operation becomes a route.',
  /**
   * Under the routes: why a route's count differs from the Analytics' (which count every call to
   * the base URL, answered or not, in their range).
   */
  answeredNote:
    'Answered calls: those a route answered with one of its responses since it was made, its /api URL included. Analytics count every call of the project in their range (at its base URL or a route’s /api URL), refused ones (401, 429) and injected errors included.',
  routeCreated: (label: string) => `Route ${label} created`,
  routeSaved: (label: string) => `Route ${label} saved`,
  routeSaveFailed: 'Failed to save the route',
  routeDeleted: (label: string) => `Route ${label} deleted`,
  routeDeleteFailed: 'Failed to delete the route',
  movedOut: (label: string) => `${label} is a stand-alone API again`,
  moveOutFailed: 'Failed to move the route out',
  movedIn: (name: string) => `“${name}” moved into the project`,
  moveInFailed: 'Failed to move the API into the project',
  exported: (fileName: string) => `Exported ${fileName}`,
  exportFailed: (format: string) => `Failed to export the project as ${format}`,
  imported: 'Import finished',
  importFailed: 'Failed to import the OpenAPI file',
  testFailed: 'The call failed before any answer came (network error, or the browser refused it).',
  previewFailed: 'Failed to generate the preview',
  pathHint: 'For example /users, /users/{id}, {id:integer} for a number, /files/* for any rest.',
  requestReferences:
    'A template can read the request: {{request.params.id}}, {{request.query.page}}, {{request.headers.x-tenant}}, {{request.body.name}}.',
  collectionsEmpty:
    'No collections yet: turn a resource into a collection to get list, add, change and delete with state kept per session.',
  collectionsLoadFailed: (message: string) => `The collections could not be loaded: ${message}`,
  collectionCreated: (name: string) => `Collection ${name} created`,
  /** Said when a collection is made from a route: the routes at its places go with it. */
  routesReplaced: 'The routes at its path and at its path/{id} are replaced by the collection.',
  collectionCreateFailed: 'Failed to create the collection',
  collectionSaved: (name: string) => `Collection ${name} saved`,
  collectionSaveFailed: 'Failed to save the collection',
  collectionDeleted: (name: string) => `Collection ${name} deleted`,
  collectionDeleteFailed: 'Failed to delete the collection',
  collectionReseeded: (name: string) => `Collection ${name} reseeded`,
  collectionReseedFailed: 'Failed to reseed the collection',
  reseedQuestion: (name: string) => `Reseed ${name}?`,
  reseedLine: 'Every session’s changes to it are lost and new records are generated.',
  collectionUrlCopied: 'Collection URL copied',
  recordTemplateHint:
    'The template of one record: values are data types such as "uuid", "string.name.fullname" or "email"; "ref:users.id" takes an id of the users collection.',
  sessionsEmpty:
    'No sessions yet: calls with an X-Mock-Session header get their own copy of every collection.',
  sessionsLoadFailed: (message: string) => `The sessions could not be loaded: ${message}`,
  sharedState: 'Shared state (calls without a session)',
  sessionReset: (name: string) => `Session ${name} reset`,
  sessionResetFailed: 'Failed to reset the session',
  sharedReset: 'Shared state reset',
  sharedResetFailed: 'Failed to reset the shared state',
  sessionDeleted: (name: string) => `Session ${name} deleted`,
  sessionDeleteFailed: 'Failed to delete the session',
  sessionKept: (name: string) => `Session ${name} is yours`,
  sessionKeepFailed: 'Failed to keep the session',
  sessionsOwnLine:
    'Sessions you add or keep here, or start with a token of the project or your API key, are yours: sessions others start never push them out (a project keeps 1,000 of each).',
  sessionYours: 'Yours',
} as const;
