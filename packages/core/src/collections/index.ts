export * from '../schemas/collections.ts';
export * from './call.ts';
export * from './definition.ts';
export * from './list-answer.ts';
export * from './query.ts';
export * from './records.ts';
export * from './relations.ts';
