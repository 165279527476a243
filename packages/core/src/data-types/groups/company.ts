import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { LAST_NAMES } from '../sources.ts';
import { type DataType, typeGroup } from '../types.ts';

const t = typeGroup('company');

const LEGAL_FORMS: readonly string[] = [
  'Inc.',
  'Inc.',
  'LLC',
  'LLC',
  'Ltd.',
  'Corp.',
  'Group',
  'and Sons',
];
const NAME_WORDS: readonly string[] = [
  'Technologies',
  'Labs',
  'Systems',
  'Partners',
  'Holdings',
  'Solutions',
  'Consulting',
  'Group',
  'Digital',
  'Analytics',
];
const CATCH_ADJECTIVES: readonly string[] = definitions.company.adjective;
const CATCH_DESCRIPTORS: readonly string[] = definitions.company.descriptor;
const CATCH_NOUNS: readonly string[] = definitions.company.noun;
const BUZZ_VERBS: readonly string[] = definitions.company.buzz_verb;
const BUZZ_ADJECTIVES: readonly string[] = definitions.company.buzz_adjective;
const BUZZ_NOUNS: readonly string[] = definitions.company.buzz_noun;
const BUZZWORDS: readonly string[] = [...BUZZ_ADJECTIVES, ...BUZZ_NOUNS];
const INDUSTRIES: readonly string[] = [
  'Software',
  'Financial Services',
  'Banking',
  'Insurance',
  'Healthcare',
  'Pharmaceuticals',
  'Biotechnology',
  'Retail',
  'E-commerce',
  'Manufacturing',
  'Automotive',
  'Aerospace',
  'Logistics',
  'Telecommunications',
  'Energy',
  'Renewable Energy',
  'Construction',
  'Real Estate',
  'Hospitality',
  'Food & Beverage',
  'Agriculture',
  'Education',
  'Media & Entertainment',
  'Consulting',
  'Legal Services',
  'Nonprofit',
];
const DEPARTMENTS: readonly string[] = [
  'Engineering',
  'Product',
  'Design',
  'Marketing',
  'Sales',
  'Customer Support',
  'Customer Success',
  'Human Resources',
  'Finance',
  'Legal',
  'Operations',
  'IT',
  'Procurement',
  'Quality Assurance',
  'Research and Development',
  'Data & Analytics',
  'Communications',
];
const LOG_MAX_EMPLOYEES = Math.log(50_000);

/** "Kuhn Group", "Hartmann - Dietrich", "Reyes Labs", "Lind, Kuhn and Okafor". */
function companyName(random: Random): string {
  const a = random.pick(LAST_NAMES);
  switch (random.int(0, 5)) {
    case 0:
    case 1:
      return `${a} ${random.pick(LEGAL_FORMS)}`;
    case 2:
    case 3:
      return `${a} ${random.pick(NAME_WORDS)}`;
    case 4:
      return `${a} - ${random.pick(LAST_NAMES)}`;
    default:
      return `${a}, ${random.pick(LAST_NAMES)} and ${random.pick(LAST_NAMES)}`;
  }
}

/** Companies: names, slogans, industries, departments and head counts. */
export const companyTypes: readonly DataType[] = [
  t('string', 'name', 'A company name', 'Hartmann Labs', (c) => companyName(c.random)),
  t(
    'string',
    'catchphrase',
    'A corporate slogan',
    'Customizable cloud-native architecture',
    (c) =>
      `${c.random.pick(CATCH_ADJECTIVES)} ${c.random.pick(CATCH_DESCRIPTORS)} ${c.random.pick(CATCH_NOUNS)}`,
  ),
  t('string', 'buzzword', 'A single piece of business jargon', 'synergies', (c) =>
    c.random.pick(BUZZWORDS),
  ),
  t(
    'string',
    'buzzphrase',
    'A line of business jargon: verb, adjective, noun',
    'leverage scalable platforms',
    (c) =>
      `${c.random.pick(BUZZ_VERBS)} ${c.random.pick(BUZZ_ADJECTIVES)} ${c.random.pick(BUZZ_NOUNS)}`,
  ),
  t('string', 'industry', 'The industry a company works in', 'Logistics', (c) =>
    c.random.pick(INDUSTRIES),
  ),
  t('string', 'department', 'A department of a company', 'Engineering', (c) =>
    c.random.pick(DEPARTMENTS),
  ),
  t(
    'number',
    'employees',
    'A head count from 1 to 50000, small companies the more frequent',
    240,
    (c) => Math.round(Math.exp(c.random.next() * LOG_MAX_EMPLOYEES)),
  ),
  t('number', 'founded', 'The year a company was founded, 1950 to this year', 2012, (c) =>
    c.random.int(1950, new Date(c.now).getUTCFullYear()),
  ),
];
