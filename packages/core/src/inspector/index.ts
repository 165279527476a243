export * from '../schemas/inspector.ts';
export * from './call.ts';
export * from './capture.ts';
export * from './mask.ts';
