export * from './mask.ts';
