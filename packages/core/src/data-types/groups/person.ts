import { type DataType, ofRecord, typeGroup } from '../types.ts';
import { GENDERS, jobTitle } from './name.ts';

const t = typeGroup('person');

/** What belongs to the object's person beside the name (the name types are in `name`). */
export const personTypes: readonly DataType[] = [
  ofRecord(
    t(
      'string',
      'gender',
      "The person's gender: Female or Male, now and then Non-binary",
      'Female',
      (c) => (c.record ? c.record.person.gender : c.random.pick(GENDERS)),
    ),
    'person',
  ),
  ofRecord(
    t(
      'string',
      'jobtitle',
      "The person's job title, sometimes with a seniority",
      'Senior Product Manager',
      (c) => (c.record ? c.record.person.jobTitle : jobTitle(c.random)),
    ),
    'person',
  ),
];
