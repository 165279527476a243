import { addressTypes } from './groups/address.ts';
import { analyticsTypes } from './groups/analytics.ts';
import { basicTypes } from './groups/basic.ts';
import { colorTypes } from './groups/color.ts';
import { companyTypes } from './groups/company.ts';
import { countryTypes } from './groups/country.ts';
import { eventTypes } from './groups/event.ts';
import { fileTypes } from './groups/file.ts';
import { internetTypes } from './groups/internet.ts';
import { mailTypes } from './groups/mail.ts';
import { moneyTypes } from './groups/money.ts';
import { nameTypes } from './groups/name.ts';
import { personTypes } from './groups/person.ts';
import { phoneTypes } from './groups/phone.ts';
import { productTypes } from './groups/product.ts';
import { reviewTypes } from './groups/review.ts';
import { socialTypes } from './groups/social.ts';
import { timeTypes } from './groups/time.ts';
import { weatherTypes } from './groups/weather.ts';
import type { DataType } from './types.ts';

/** Every data type a template may name, basic types first, then the groups. */
export const catalogue: readonly DataType[] = [
  ...basicTypes,
  ...nameTypes,
  ...personTypes,
  ...addressTypes,
  ...phoneTypes,
  ...mailTypes,
  ...moneyTypes,
  ...reviewTypes,
  ...countryTypes,
  ...eventTypes,
  ...colorTypes,
  ...fileTypes,
  ...weatherTypes,
  ...analyticsTypes,
  ...timeTypes,
  ...socialTypes,
  ...productTypes,
  ...companyTypes,
  ...internetTypes,
];
