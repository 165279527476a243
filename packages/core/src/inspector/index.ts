export * from '../schemas/inspector.ts';
export * from './call.ts';
export * from './mask.ts';
