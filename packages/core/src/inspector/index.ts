export * from '../schemas/inspector.ts';
export * from './mask.ts';
