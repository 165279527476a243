import type { Random } from '../../random.ts';
import { email, FIRST_SLUGS, LAST_SLUGS } from '../sources.ts';
import { type DataType, ofRecord, typeGroup } from '../types.ts';

const t = typeGroup('mail');

/** Free mail providers, the common ones repeated so that they come up more often. */
export const PROVIDERS: readonly string[] = [
  ...Array<string>(8).fill('gmail.com'),
  ...Array<string>(3).fill('yahoo.com'),
  ...Array<string>(3).fill('outlook.com'),
  ...Array<string>(2).fill('hotmail.com'),
  ...Array<string>(2).fill('icloud.com'),
  'aol.com',
  'proton.me',
];
const COMPANY_WORDS: readonly string[] = [
  '',
  '',
  'group',
  'labs',
  'tech',
  'solutions',
  'partners',
  'consulting',
  'systems',
  'digital',
];
const COMPANY_TLDS: readonly string[] = [
  'com',
  'com',
  'com',
  'com',
  'io',
  'net',
  'co',
  'org',
  'biz',
];

/** One type per big provider: its short name, its domain and an example address. */
const PROVIDER_ADDRESSES: readonly (readonly [string, string, string])[] = [
  ['gmail', 'gmail.com', 'addison.okeefe@gmail.com'],
  ['yahoo', 'yahoo.com', 'jkuhn84@yahoo.com'],
  ['hotmail', 'hotmail.com', 'marcus_schmidt@hotmail.com'],
  ['outlook', 'outlook.com', 'lena.hartmann@outlook.com'],
  ['icloud', 'icloud.com', 'sophia.reyes1992@icloud.com'],
  ['aol', 'aol.com', 'bernhard.dietrich@aol.com'],
  ['proton', 'proton.me', 'ezra.lind@proton.me'],
];

/** A company-like domain such as "hartmannlabs.com" or "kuhn-group.io". */
export function companyDomain(random: Random): string {
  const name = random.pick(LAST_SLUGS);
  const word = random.pick(COMPANY_WORDS);
  const joined = word === '' ? name : `${name}${random.bool(0.3) ? '-' : ''}${word}`;
  return `${joined}.${random.pick(COMPANY_TLDS)}`;
}

/** The local part of a work address: "lena.hartmann", "lhartmann", "lena". */
function workLocalPart(random: Random): string {
  return workLocalFrom(random, random.pick(FIRST_SLUGS), random.pick(LAST_SLUGS));
}

/** The local part of one person's work address, from the slugs of their names. */
export function workLocalFrom(random: Random, first: string, last: string): string {
  switch (random.int(0, 7)) {
    case 0:
    case 1:
    case 2:
    case 3:
      return `${first}.${last}`;
    case 4:
    case 5:
      return `${first.charAt(0)}${last}`;
    case 6:
      return `${first}${last.charAt(0)}`;
    default:
      return first;
  }
}

function person(type: DataType): DataType {
  return ofRecord(type, 'person');
}

/** E-mail addresses at the big free providers, at companies and at example.com. */
export const mailTypes: readonly DataType[] = [
  person(
    t(
      'string',
      'random',
      'An e-mail address at a free provider or a company',
      'lena.hartmann@outlook.com',
      (c) =>
        c.record
          ? `${c.record.person.emailLocal}@${c.record.person.mailDomain}`
          : email(
              c.random,
              c.random.bool(0.8) ? c.random.pick(PROVIDERS) : companyDomain(c.random),
            ),
    ),
  ),
  ...PROVIDER_ADDRESSES.map(([name, domain, example]) =>
    person(
      t('string', name, `An e-mail address at ${domain}`, example, (c) =>
        c.record ? `${c.record.person.emailLocal}@${domain}` : email(c.random, domain),
      ),
    ),
  ),
  person(
    t(
      'string',
      'corporate',
      'A work e-mail address at a company domain',
      'lena.hartmann@kuhnlabs.io',
      (c) =>
        c.record
          ? `${c.record.person.workLocal}@${c.record.person.companyDomain}`
          : `${workLocalPart(c.random)}@${companyDomain(c.random)}`,
    ),
  ),
  person(
    t(
      'string',
      'example',
      'An e-mail address at example.com, safe to send to',
      'jane.doe@example.com',
      (c) =>
        c.record
          ? `${c.record.person.workLocal}@example.com`
          : `${workLocalPart(c.random)}@example.com`,
    ),
  ),
];
