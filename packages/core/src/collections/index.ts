export * from '../schemas/collections.ts';
export * from './definition.ts';
export * from './query.ts';
export * from './records.ts';
