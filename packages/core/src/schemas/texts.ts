/** Every text and limit of the screens, without the schemas (and their validation library). */
export * from './analytics-texts.ts';
export * from './api-texts.ts';
export * from './auth-texts.ts';
export * from './gallery-texts.ts';
export * from './openapi-import-texts.ts';
