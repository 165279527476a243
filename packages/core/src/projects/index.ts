export * from '../schemas/projects.ts';
export * from './choose.ts';
export * from './model.ts';
export * from './path-template.ts';
