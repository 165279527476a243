import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import {
  FIRST_NAMES,
  firstName,
  fullName,
  fullNameDraws,
  LAST_NAMES,
  lastName,
} from '../sources.ts';
import { type DataType, type OldDraws, ONE_DRAW, ofRecord, typeGroup } from '../types.ts';

const t = typeGroup('name');

const MIDDLE_NAMES: readonly string[] = definitions.person.middle_name.generic ?? FIRST_NAMES;
const PREFIXES: readonly string[] = ['Mr.', 'Mr.', 'Ms.', 'Ms.', 'Mrs.', 'Miss', 'Dr.', 'Prof.'];
const SUFFIXES: readonly string[] = definitions.person.suffix;
export const GENDERS: readonly string[] = [
  ...Array<string>(12).fill('Female'),
  ...Array<string>(12).fill('Male'),
  'Non-binary',
];
export const SENIORITIES: readonly string[] = [
  '',
  '',
  '',
  'Junior ',
  'Senior ',
  'Senior ',
  'Lead ',
  'Principal ',
];
export const ROLES: readonly string[] = [
  'Software Engineer',
  'Frontend Developer',
  'Backend Developer',
  'DevOps Engineer',
  'QA Engineer',
  'Data Scientist',
  'Data Analyst',
  'Product Manager',
  'Project Manager',
  'UX Designer',
  'Graphic Designer',
  'Solutions Architect',
  'Technical Writer',
  'Account Executive',
  'Sales Representative',
  'Marketing Manager',
  'Content Strategist',
  'Customer Success Manager',
  'Support Specialist',
  'Financial Analyst',
  'Accountant',
  'HR Business Partner',
  'Recruiter',
  'Operations Manager',
  'Office Manager',
  'Legal Counsel',
];
const FIRST_INITIALS: readonly string[] = FIRST_NAMES.map((name) => name.charAt(0).toUpperCase());
const LAST_INITIALS: readonly string[] = LAST_NAMES.map((name) => name.charAt(0).toUpperCase());

/** A job title such as "Senior Product Manager". */
export function jobTitle(random: Random): string {
  return `${random.pick(SENIORITIES)}${random.pick(ROLES)}`;
}

/** `type`, of the object's person; `old`, the draws it made before records, when known. */
function person(type: DataType, old: OldDraws | true = true): DataType {
  return ofRecord(type, 'person', undefined, old);
}

/** People's names and the bits that go with them: titles, suffixes, job titles, gender. */
export const nameTypes: readonly DataType[] = [
  person(
    t('string', 'fullname', 'A full name: first and last', "Addison O'Keefe", (c) =>
      c.record ? c.record.person.fullName : fullName(c.random),
    ),
    fullNameDraws,
  ),
  person(
    t('string', 'firstname', 'A first name', 'Addison', (c) =>
      c.record ? c.record.person.firstName : firstName(c.random),
    ),
    ONE_DRAW,
  ),
  person(
    t('string', 'lastname', 'A last name', "O'Keefe", (c) =>
      c.record ? c.record.person.lastName : lastName(c.random),
    ),
    ONE_DRAW,
  ),
  t('string', 'middlename', 'A middle name', 'Avery', (c) => c.random.pick(MIDDLE_NAMES)),
  t('string', 'prefix', 'A title such as Dr. or Mrs. that goes before a name', 'Dr.', (c) =>
    c.random.pick(PREFIXES),
  ),
  t('string', 'suffix', 'A suffix such as Jr. or PhD that goes after a name', 'Jr.', (c) =>
    c.random.pick(SUFFIXES),
  ),
  person(
    t(
      'string',
      'jobtitle',
      'A job title, sometimes with a seniority',
      'Senior Product Manager',
      (c) => (c.record ? c.record.person.jobTitle : jobTitle(c.random)),
    ),
  ),
  person(
    t('string', 'gender', 'Female or Male, now and then Non-binary', 'Female', (c) =>
      c.record ? c.record.person.gender : c.random.pick(GENDERS),
    ),
  ),
  person(
    t('string', 'initials', 'The initials of a first and last name, for avatars', 'AO', (c) =>
      c.record
        ? c.record.person.initials
        : `${c.random.pick(FIRST_INITIALS)}${c.random.pick(LAST_INITIALS)}`,
    ),
  ),
];
