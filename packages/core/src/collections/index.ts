export * from './query.ts';
export * from './records.ts';
