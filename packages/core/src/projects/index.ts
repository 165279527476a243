export * from '../schemas/projects.ts';
export * from './choose.ts';
export * from './model.ts';
export * from './openapi-export.ts';
export * from './openapi-import.ts';
export * from './path-template.ts';
export * from './postman-export.ts';
