import {
  email,
  emailDraws,
  isoDateTime,
  LOREM_WORDS,
  loremSentence,
  loremWords,
  uuid,
} from '../sources.ts';
import { type DataKind, type DataType, type Generate, type KindValue, ofRecord } from '../types.ts';

function basic<K extends DataKind>(
  name: string,
  kind: K,
  description: string,
  example: KindValue[K],
  generate: Generate<K>,
): DataType {
  return { name, kind, category: 'basic', description, example, generate } as DataType;
}

/** The basic types: short names that every template, the anonymous demo included, may use. */
export const basicTypes: readonly DataType[] = [
  basic('string', 'string', 'A short random text of one or two words', 'velit dolor', (c) =>
    loremWords(c.random, c.random.int(1, 2)),
  ),
  basic('number', 'number', 'A whole number from 0 to 1000', 427, (c) => c.random.int(0, 1000)),
  basic('boolean', 'boolean', 'true or false', true, (c) => c.random.uint32() < 2147483648),
  ofRecord(
    basic('email', 'string', 'A personal e-mail address', 'addison.okeefe@gmail.com', (c) =>
      c.record ? `${c.record.person.emailLocal}@${c.record.person.freeDomain}` : email(c.random),
    ),
    'person',
    undefined,
    emailDraws,
  ),
  basic('uuid', 'string', 'A version 4 UUID', '3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b', (c) =>
    uuid(c.random),
  ),
  basic('date', 'string', 'A moment in the past year, ISO 8601', '2026-05-14T09:21:33.418Z', (c) =>
    isoDateTime(c.random, c.now, -365, 0),
  ),
  basic('lorem', 'string', 'A sentence of lorem ipsum', 'Ad illum quis vitae tempora.', (c) =>
    loremSentence(c.random),
  ),
  basic('array', 'array', 'A list of one to five random words', ['alias', 'quia', 'nemo'], (c) =>
    Array.from({ length: c.random.int(1, 5) }, () => c.random.pick(LOREM_WORDS)),
  ),
  basic('percentage', 'number', 'A percentage from 0 to 100 with two decimals', 63.27, (c) =>
    c.random.float(0, 100, 2),
  ),
];
