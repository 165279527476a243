export * from './bundle.ts';
export * from './diff.ts';
export * from './format.ts';
export * from './hosted.ts';
export * from './json-schema.ts';
export { formatValuePath } from './lines.ts';
export * from './order.ts';
export * from './read.ts';
export * from './write.ts';
