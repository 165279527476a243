import { type DataType, ofRecord, typeGroup } from '../types.ts';
import { placeOf } from './address.ts';

const t = typeGroup('phone');

/** Phone numbers valid for the country of the object's place (libphonenumber's metadata). */
export const phoneTypes: readonly DataType[] = [
  ofRecord(
    t(
      'string',
      'number',
      "A phone number in the national format of the place's country",
      '(415) 555-0172',
      (c) => placeOf(c).phoneNational,
    ),
    'place',
  ),
  ofRecord(
    t(
      'string',
      'e164',
      "The same number in E.164: a plus, the country's calling code, the number",
      '+14155550172',
      (c) => placeOf(c).phoneE164,
    ),
    'place',
  ),
];
