/**
 * A template from a sample (issue 39): each leaf of a JSON sample becomes the catalogue type that
 * fits its key and its value, nested objects and arrays are kept, an array of objects becomes one
 * `__multiply` element with a range from the sample, and no personal value of the sample stays
 * as a literal. Pure; the report says per field what was chosen and why.
 */
import { getDataType } from '../data-types/lookup.ts';
import { ErrorCode } from '../errors.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { MAX_TEMPLATE_DEPTH } from '../limits.ts';
import {
  DIRECTIVE_KEYS,
  LITERAL_KEY,
  NUMBER_KEY,
  ONE_OF_KEY,
  STRING_KEY,
} from '../template/directives.ts';
import type { TemplateIssue } from '../template/issues.ts';
import { MULTIPLY_KEY } from '../template/multiply.ts';
import { indexPath, keyPath, ROOT_PATH } from '../template/path.ts';
import { analyseTemplate } from '../template/validate.ts';

/** What became of one field of the sample. */
export interface InferNote {
  /** Its JSONPath in the sample; `[*]` stands for every element of an array of objects. */
  path: string;
  /** The template value chosen: a type name or a directive. */
  chosen: JsonValue;
  /** Why, in words. */
  why: string;
  /** True when the sample's value was kept as it was (null, an empty list or object). */
  literal: boolean;
}

export interface Inferred {
  template: JsonValue;
  report: InferNote[];
}

export type InferResult = { ok: true; value: Inferred } | { ok: false; errors: TemplateIssue[] };

/** How deep a sample may nest: a leaf may become a directive, two levels deeper. */
export const MAX_SAMPLE_DEPTH = MAX_TEMPLATE_DEPTH - 2;
/** The most copies an array of plain values keeps (each element is one template value). */
const MAX_SCALAR_COPIES = 20;
/** The most distinct strings a field may show and still be read as an enum. */
const MAX_ENUM_VALUES = 8;

/** The mark of the enclosing object's key among a field's siblings. */
const PARENT = '^';

/** The normalised key of the object a field is in. */
function parentOf(field: Field): string {
  for (const sibling of field.siblings) if (sibling.startsWith(PARENT)) return sibling.slice(1);
  return '';
}

/** A key as the rules read it: lower case, without `_`, `-`, `.` or spaces. */
function norm(key: string | undefined): string {
  return (key ?? '').toLowerCase().replace(/[\s_.-]/g, '');
}

/** The values one field of the sample showed (several for the objects of an array). */
interface Field {
  key: string | undefined;
  /** The keys of the object it is in, normalised: the context that says "a person", "a product". */
  siblings: ReadonlySet<string>;
  values: JsonValue[];
}

type Choice = { chosen: JsonValue; why: string; literal?: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const URL_RE = /^https?:\/\/\S+$/i;
const IMAGE = /\.(png|jpe?g|gif|webp|svg)(\?|$)|avatar|pravatar|gravatar|image|img|photo/i;
const IPV4 = /^(\d{1,3}\.){3}\d{1,3}$/;
const IPV6 = /^[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}$/i;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const E164 = /^\+[1-9]\d{6,14}$/;
/** An IBAN's form: country, check digits, then the account (its checksum is tested too). */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
/** An RFC 2822 date, as e-mail headers and some APIs (Twilio) write them. */
const RFC_2822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/;
/** The keys of a person named in full: an account's holder, an order's customer, a message's sender. */
const PERSON_KEYS = [
  'holder',
  'owner',
  'customer',
  'recipient',
  'sender',
  'author',
  'assignee',
  'reporter',
  'contact',
  'manager',
  'driver',
  'patient',
  'employee',
  'member',
  'guest',
];
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:([T ])(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]*([_-][A-Za-z0-9]+)*$/;
const HEX_TOKEN = /^[0-9a-f]{16,}$/i;
const TOKEN = /^[A-Za-z0-9_\-.=+/]{20,}$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;
const CURRENCY_CODE = /^[A-Z]{3}$/;
const LOCALE = /^[a-z]{2}([-_][A-Z]{2})?$/;
const TIME_ZONE = /^[A-Z][A-Za-z_]+\/[A-Za-z_/]+$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)+$/;
/** Words of letters, apostrophes, dots and hyphens: what a person's name is made of. */
const PERSON_NAME = /^[\p{L}'’.-]+( [\p{L}'’.-]+)*$/u;
/** Two to four capitalised words. */
const FULL_NAME = /^\p{Lu}[\p{L}'’-]+( \p{Lu}[\p{L}'’.-]*){1,3}$/u;
/** A short code of letters, digits and separators, with a digit: `04d`, `+1:00`, `cus_8Hq2`. */
const CODE = /^(?=.*\d)[A-Za-z0-9_:+./#-]{2,32}$/;
/** A lowercase or uppercase identifier: `charge`, `visa`, `in_transit`, `EUR`. */
const PLAIN_IDENTIFIER = /^([a-z]+([_-][a-z0-9]+)*|[A-Z]+([_-][A-Z0-9]+)*)$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** A pattern of a number written as text: its sign, as many digits before and after the point. */
function numericPattern(text: string, key: string): string {
  const [whole = '', fraction] = text.replace('-', '').split('.');
  const sign =
    key === 'lat' || key === 'lng' || key === 'lon' || has(key, 'latitude', 'longitude')
      ? '-?'
      : text.startsWith('-')
        ? '-'
        : '';
  const lead = whole.length > 1 ? `[1-9][0-9]{${whole.length - 1}}` : '[0-9]';
  return `${sign}${lead}${fraction === undefined ? '' : `\\.[0-9]{${fraction.length}}`}`;
}

const has = (key: string, ...words: string[]) => words.some((w) => key.includes(w));
const ends = (key: string, ...words: string[]) => words.some((w) => key.endsWith(w));

const PERSON_CONTEXT = [
  'email',
  'firstname',
  'lastname',
  'username',
  'phone',
  'birthdate',
  'gender',
  'avatar',
];
const PRODUCT_CONTEXT = ['price', 'sku', 'stock', 'brand', 'quantity'];
/** The keys of objects that are people. */
const PERSON_PARENTS = [
  'user',
  'author',
  'owner',
  'customer',
  'assignee',
  'reporter',
  'contact',
  'member',
  'person',
  'profile',
  'employee',
  'sender',
  'recipient',
  'courier',
  'driver',
  'creator',
];
/** The words of keys whose values are one of a few: `status`, `priority`, `type`... */
const ENUM_WORDS = [
  'status',
  'direction',
  'state',
  'type',
  'kind',
  'role',
  'category',
  'level',
  'mode',
  'method',
  'plan',
  'tier',
  'priority',
  'visibility',
  'format',
  'unit',
  'source',
  'channel',
  'scope',
  'tag',
  'label',
];

/** A key naming a person's name, read in its object's context. */
function nameKind(
  key: string,
  siblings: ReadonlySet<string>,
  sample: string,
  parent: string,
): Choice | undefined {
  const looksLikeName = PERSON_NAME.test(sample);
  if (parent === 'name' && looksLikeName) {
    if (key === 'first' || key === 'given')
      return { chosen: 'string.name.firstname', why: 'the first part of a name' };
    if (key === 'last' || key === 'family')
      return { chosen: 'string.name.lastname', why: 'the last part of a name' };
    if (key === 'title' || key === 'prefix')
      return { chosen: 'string.name.prefix', why: 'the title before a name' };
  }
  const personParent = PERSON_PARENTS.some((w) => parent.includes(w));
  if (key === 'title' && (personParent || PERSON_CONTEXT.some((w) => siblings.has(w))))
    return {
      chosen: 'string.person.jobtitle',
      why: "a title beside a person's fields: a job title",
    };
  if (parent === 'street' && key === 'name')
    return { chosen: 'string.address.street', why: "a street's name" };
  if (key === 'name' && ['coord', 'coordinates', 'population'].some((s) => siblings.has(s)))
    return { chosen: 'string.address.city', why: 'a name beside coordinates: a place' };
  if (!looksLikeName) return undefined;
  if (key === 'firstname' || key === 'givenname' || key === 'forename')
    return { chosen: 'string.name.firstname', why: 'the key names a first name' };
  if (key === 'lastname' || key === 'surname' || key === 'familyname')
    return { chosen: 'string.name.lastname', why: 'the key names a last name' };
  if (key === 'middlename')
    return { chosen: 'string.name.middlename', why: 'the key names a middle name' };
  if (
    key === 'fullname' ||
    key === 'realname' ||
    key === 'legalname' ||
    key === 'author' ||
    key === 'authorname' ||
    key === 'customername' ||
    key === 'contactname'
  )
    return { chosen: 'string.name.fullname', why: 'the key names a person' };
  if (key === 'displayname')
    return { chosen: 'string.social.displayname', why: 'the name a person shows' };
  if (key !== 'name') return undefined;
  const context = [...siblings];
  if (context.some((s) => PRODUCT_CONTEXT.some((w) => s.includes(w))))
    return { chosen: 'string.product.name', why: 'a name beside product fields (price, sku...)' };
  if (
    context.some((s) => PERSON_CONTEXT.some((w) => s.includes(w))) ||
    (personParent && FULL_NAME.test(sample))
  )
    return {
      chosen: 'string.name.fullname',
      why: "a name beside a person's fields, or of an object that is a person",
    };
  if (context.some((s) => s === 'domain' || s === 'industry' || s === 'catchphrase'))
    return { chosen: 'string.company.name', why: 'a name beside company fields' };
  return undefined;
}

/** A pattern that draws date-times in the sample's own format (when no catalogue type has it). */
function datePattern(m: RegExpMatchArray): string {
  const [, , , , sep, , , ss, frac, zone] = m;
  let p = '20[0-2][0-9]-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])';
  if (sep !== undefined) {
    p += `${sep === 'T' ? 'T' : ' '}([01][0-9]|2[0-3]):[0-5][0-9]`;
    if (ss !== undefined) p += ':[0-5][0-9]';
    if (frac !== undefined) p += `\\.[0-9]{${frac.length}}`;
  }
  if (zone !== undefined) p += zone === 'Z' ? 'Z' : zone.replace('+', '\\+');
  return `^${p}$`;
}

/** The template value of a date or date-time in the sample's format. */
function dateChoice(text: string, m: RegExpMatchArray, key: string, now: number): Choice {
  const [, , , , sep, , , ss, frac, zone] = m;
  if (sep === undefined && zone === undefined) {
    if (has(key, 'birth', 'dob'))
      return { chosen: 'string.time.birthdate', why: 'a date of birth (YYYY-MM-DD)' };
    return { chosen: 'string.time.date', why: 'a calendar date, YYYY-MM-DD as in the sample' };
  }
  if (sep === 'T' && ss !== undefined && frac?.length === 3 && zone === 'Z') {
    const future = Date.parse(text) > now;
    return future
      ? {
          chosen: 'string.time.future',
          why: 'an ISO 8601 date-time with milliseconds, in the future',
        }
      : {
          chosen: 'date',
          why: 'an ISO 8601 date-time with milliseconds (as the sample), in the past year',
        };
  }
  if (sep === ' ' && ss === undefined && zone === undefined)
    return {
      chosen: 'string.time.datetimelocal',
      why: 'a local date-time, YYYY-MM-DD hh:mm as in the sample',
    };
  return {
    chosen: { [STRING_KEY]: { pattern: datePattern(m) } },
    why: 'a date-time in a format no catalogue type gives: drawn to the sample’s pattern',
  };
}

/** The template value of a string leaf. */
function stringChoice(field: Field, text: string, now: number): Choice {
  const key = norm(field.key);
  if (UUID.test(text)) return { chosen: 'uuid', why: 'the value is a UUID' };
  if (EMAIL.test(text)) {
    if (has(key, 'work', 'corporate', 'business'))
      return { chosen: 'string.mail.corporate', why: 'a work e-mail address' };
    return { chosen: 'email', why: 'the value is an e-mail address' };
  }
  const date = DATE_TIME.exec(text);
  if (date) return dateChoice(text, date, key, now);
  if (URL_RE.test(text)) {
    if (has(key, 'avatar'))
      return { chosen: 'string.internet.avatar', why: 'the URL of an avatar' };
    if (IMAGE.test(text) || has(key, 'image', 'photo', 'picture', 'thumbnail', 'logo'))
      return { chosen: 'string.product.imageurl', why: 'the URL of an image' };
    return { chosen: 'string.internet.url', why: 'the value is a URL' };
  }
  if (has(key, 'password', 'secret'))
    return { chosen: 'string.internet.password', why: 'a password or secret: never kept' };
  // Before the tokens, which an IBAN's letters and digits look like.
  if (IBAN.test(text) && ibanChecksumHolds(text))
    return { chosen: 'string.money.iban', why: 'an IBAN (its check digits hold)' };
  if (RFC_2822.test(text))
    return { chosen: 'string.time.rfc2822', why: 'a date as RFC 2822 writes it' };
  // A number in E.164 is a phone number whatever its key (`from`, `to`), past short codes' length.
  if (E164.test(text) && text.length >= 11)
    return { chosen: 'string.phone.e164', why: 'a phone number in E.164' };
  if (
    (has(key, 'token', 'apikey', 'accesskey', 'signature') && text.length >= 16) ||
    (TOKEN.test(text) && /\d/.test(text) && /[a-z]/i.test(text) && !text.includes(' '))
  )
    return { chosen: 'string.internet.apikey', why: 'a token or key: never kept' };
  if (IPV4.test(text)) return { chosen: 'string.internet.ipv4', why: 'an IPv4 address' };
  if (IPV6.test(text) && text.includes(':') && /[0-9a-f]/i.test(text) && has(key, 'ip', 'addr'))
    return { chosen: 'string.internet.ipv6', why: 'an IPv6 address' };
  if (HEX_COLOR.test(text)) return { chosen: 'string.color.hex', why: 'a hex colour' };
  if (
    (has(key, 'phone', 'mobile', 'fax') || key === 'tel' || key === 'cell') &&
    (text.match(/\d/g)?.length ?? 0) >= 7
  )
    return E164.test(text)
      ? { chosen: 'string.phone.e164', why: 'a phone number in E.164' }
      : { chosen: 'string.phone.number', why: "a phone number, in its country's national format" };
  if (HEX_TOKEN.test(text))
    return {
      chosen: { [STRING_KEY]: { pattern: `^[0-9a-f]{${text.length}}$` } },
      why: 'a hexadecimal hash of the sample’s length',
    };
  if (
    has(key, 'website', 'homepage', 'url', 'domain', 'hostname') &&
    /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(text)
  )
    return { chosen: 'string.internet.domain', why: 'a domain name' };
  if (has(key, 'catchphrase', 'slogan', 'tagline'))
    return { chosen: 'string.company.catchphrase', why: "a company's catchphrase" };
  if (
    key === 'suite' ||
    key === 'apartment' ||
    key === 'address2' ||
    key === 'unit' ||
    key === 'line2'
  )
    return { chosen: 'string.address.secondary', why: 'a secondary address line' };
  const named = nameKind(key, field.siblings, text, parentOf(field));
  if (named) return named;
  if (ends(key, ...PERSON_KEYS) && FULL_NAME.test(text))
    return { chosen: 'string.name.fullname', why: `a person's full name (the ${key})` };
  if (has(key, 'username', 'login', 'handle', 'screenname', 'nickname') || key === 'user')
    return { chosen: 'string.internet.username', why: 'a user name' };
  if (key === 'gender' || key === 'sex')
    return { chosen: 'string.person.gender', why: "the person's gender" };
  if (
    has(key, 'jobtitle', 'occupation', 'position') ||
    (key === 'title' && field.siblings.has('department'))
  )
    return { chosen: 'string.person.jobtitle', why: 'a job title' };
  if (has(key, 'street', 'addressline', 'address1') || key === 'line1')
    return { chosen: 'string.address.street', why: 'a street address' };
  if (key === 'address' && /\d/.test(text) && text.includes(','))
    return { chosen: 'string.address.full', why: 'a one-line postal address' };
  if (key === 'address') return { chosen: 'string.address.street', why: 'an address line' };
  if (has(key, 'city', 'town', 'locality')) return { chosen: 'string.address.city', why: 'a city' };
  if (has(key, 'zip', 'postcode', 'postalcode'))
    return /^\d{5}(-\d{4})?$/.test(text)
      ? { chosen: 'string.address.postcode', why: 'a five-digit ZIP code' }
      : { chosen: 'string.address.postalcode', why: "a postcode in its country's format" };
  if (key === 'statecode' || (has(key, 'state', 'province', 'region') && /^[A-Z]{2,3}$/.test(text)))
    return { chosen: 'string.address.regioncode', why: 'the code of a state, province or region' };
  if (key === 'state' || key === 'province' || key === 'region' || key === 'county')
    return { chosen: 'string.address.region', why: 'a state, province or region' };
  if ((has(key, 'country') || key === 'nat' || key === 'nationality') && COUNTRY_CODE.test(text))
    return { chosen: 'string.address.countrycode', why: 'an ISO country code' };
  if (has(key, 'country')) return { chosen: 'string.address.country', why: 'a country' };
  if (
    (has(key, 'currency', 'ccy') || (ends(key, 'unit') && has(key, 'price', 'amount'))) &&
    CURRENCY_CODE.test(text.toUpperCase())
  )
    return { chosen: 'string.money.currency', why: 'an ISO 4217 currency code' };
  if (has(key, 'timezone', 'tz') && TIME_ZONE.test(text))
    return { chosen: 'string.address.timezone', why: 'an IANA time zone' };
  if (has(key, 'locale', 'language', 'lang') && LOCALE.test(text))
    return { chosen: 'string.address.locale', why: 'a locale' };
  if (has(key, 'company', 'organization', 'organisation', 'employer'))
    return { chosen: 'string.company.name', why: 'a company' };
  if (has(key, 'color', 'colour')) return { chosen: 'string.color.name', why: 'a colour' };
  if (key === 'sku') return { chosen: 'string.product.sku', why: 'a stock-keeping unit' };
  if (has(key, 'iban')) return { chosen: 'string.money.iban', why: 'an IBAN' };
  if (has(key, 'domain', 'hostname'))
    return { chosen: 'string.internet.domain', why: 'a domain name' };
  if (SLUG.test(text) || key === 'slug')
    return { chosen: 'string.internet.slug', why: 'a URL slug' };
  if (NUMERIC.test(text)) {
    return {
      chosen: { [STRING_KEY]: { pattern: `^${numericPattern(text, key)}$` } },
      why: 'a number written as text: drawn to its shape',
    };
  }
  if (ends(key, 'id', 'ref', 'number', 'code', 'key') && /^[A-Za-z0-9_-]+$/.test(text)) {
    return {
      chosen: { [STRING_KEY]: { pattern: `^${shapePattern(text)}$` } },
      why: 'an identifier: drawn to the shape of the sample’s (letters, digits, separators)',
    };
  }
  const distinct = new Set(field.values.filter((v): v is string => typeof v === 'string'));
  const enumKey = has(key, ...ENUM_WORDS);
  const parent = parentOf(field);
  if (
    key === 'name' &&
    ENUM_WORDS.some((w) => parent.includes(w)) &&
    distinct.size <= MAX_ENUM_VALUES &&
    [...distinct].every((v) => v.length <= 32 && v.split(' ').length <= 4)
  ) {
    return {
      chosen: { [ONE_OF_KEY]: [...distinct].sort().map(choiceValue) },
      why: `the name of a ${parent}: an enum, ${distinct.size} value${distinct.size === 1 ? '' : 's'} seen`,
    };
  }
  if (
    distinct.size <= MAX_ENUM_VALUES &&
    [...distinct].every((v) => IDENTIFIER.test(v) && v.length <= 32) &&
    (enumKey ||
      (field.values.length >= 3 && distinct.size < field.values.length) ||
      [...distinct].every((v) => PLAIN_IDENTIFIER.test(v) && v.length <= 20))
  ) {
    return {
      chosen: { [ONE_OF_KEY]: [...distinct].sort().map(choiceValue) },
      why: `an enum: ${distinct.size} value${distinct.size === 1 ? '' : 's'} seen`,
    };
  }
  if (CODE.test(text)) {
    return {
      chosen: { [STRING_KEY]: { pattern: `^${shapePattern(text)}$` } },
      why: 'a short code: drawn to the shape of the sample’s (letters, digits, separators)',
    };
  }
  return loremChoice(field);
}

/** A choice of `__oneOf`, as a literal when the template would read it as a type or a reference. */
function choiceValue(value: string): JsonValue {
  return getDataType(value) || value.includes('{{') ? { [LITERAL_KEY]: value } : value;
}

/** A regular expression of the same shape: letters stay letters, digits digits, the rest as is. */
function shapePattern(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    const cls = /[0-9]/.test(ch)
      ? '[0-9]'
      : /[a-z]/.test(ch)
        ? '[a-z]'
        : /[A-Z]/.test(ch)
          ? '[A-Z]'
          : undefined;
    let n = 1;
    while (i + n < text.length && cls !== undefined && classOf(text.charAt(i + n)) === cls) n++;
    out +=
      cls === undefined
        ? ch.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
        : n === 1
          ? cls
          : `${cls}{${n}}`;
    i += n;
  }
  return out;
}

function classOf(ch: string): string | undefined {
  return /[0-9]/.test(ch)
    ? '[0-9]'
    : /[a-z]/.test(ch)
      ? '[a-z]'
      : /[A-Z]/.test(ch)
        ? '[A-Z]'
        : undefined;
}

/** Free text: lorem of the sample's length. */
function loremChoice(field: Field): Choice {
  const lengths = field.values
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.length);
  const min = Math.max(1, Math.min(...lengths));
  const max = Math.max(min, ...lengths);
  return {
    chosen: { [STRING_KEY]: { minLength: min, maxLength: max } },
    why: `free text: lorem of ${min === max ? `${min}` : `${min} to ${max}`} characters, as the sample`,
  };
}

/** The template value of a number leaf. */
function numberChoice(field: Field, value: number): Choice {
  const key = norm(field.key);
  const numbers = field.values.filter((v): v is number => typeof v === 'number');
  const integer = numbers.every(Number.isInteger);
  const lo = Math.min(...numbers);
  const hi = Math.max(...numbers);
  if ((key === 'lat' || key === 'latitude') && Math.abs(value) <= 90)
    return { chosen: 'number.address.latitude', why: 'a latitude' };
  if (
    (key === 'lng' || key === 'lon' || key === 'long' || key === 'longitude') &&
    Math.abs(value) <= 180
  )
    return { chosen: 'number.address.longitude', why: 'a longitude' };
  if (integer && value > 1e12 && value < 1e13)
    return { chosen: 'number.time.unixms', why: 'a time in milliseconds since 1970' };
  // Seconds since 1970 between 2000 and 2050, or nearby under a key that says a time.
  const epoch = integer && value >= 946_684_800 && value <= 2_524_608_000;
  const timeKey = has(key, 'time', 'date', 'at', 'ts', 'expires', 'iat', 'exp');
  if (
    (epoch && !ends(key, 'id', 'count', 'total', 'size', 'bytes', 'amount')) ||
    (integer && value > 9e8 && value < 3e9 && timeKey)
  )
    return { chosen: 'number.time.timestamp', why: 'a Unix time in seconds' };
  if (integer && has(key, 'year') && value >= 1900 && value <= 2100)
    return { chosen: 'number.time.year', why: 'a year' };
  if (has(key, 'rating', 'stars') && hi <= 5)
    return { chosen: 'number.review.rating', why: 'a rating out of five' };
  if (
    has(key, 'price', 'cost', 'amount', 'total', 'subtotal', 'fee', 'balance', 'tax', 'discount') &&
    !has(key, 'count')
  )
    return {
      chosen: {
        // Half to twice the sample's size, away from zero on its side: a debit stays a debit.
        [NUMBER_KEY]: {
          min: roundDown(lo < 0 ? lo * 2 : lo / 2),
          max: roundUp(hi < 0 ? hi / 2 : hi * 2),
          decimals: integer ? 0 : 2,
        },
      },
      why: `an amount of money: ${integer ? 'whole' : 'two decimals'}, between half and twice the sample's`,
    };
  if (has(key, 'percent', 'ratio') && hi <= 100)
    return { chosen: 'percentage', why: 'a percentage' };
  if (integer && (key === 'id' || ends(key, 'id'))) {
    return {
      chosen: { [NUMBER_KEY]: { min: 1, max: Math.max(1000, roundUp(hi * 10)), integer: true } },
      why: 'a numeric id',
    };
  }
  if (key === 'age' && integer)
    return { chosen: { [NUMBER_KEY]: { min: 18, max: 90, integer: true } }, why: "a person's age" };
  const decimals = integer
    ? 0
    : Math.min(6, Math.max(...numbers.map((n) => (String(n).split('.')[1] ?? '').length)));
  const min = lo >= 0 ? 0 : roundDown(lo * 2);
  const max = hi <= 0 ? 0 : roundUp(hi * 2) || 1;
  return {
    chosen: integer
      ? { [NUMBER_KEY]: { min, max, integer: true } }
      : { [NUMBER_KEY]: { min, max, decimals } },
    why: `a ${integer ? 'whole number' : `number of ${decimals} decimals`} of the sample's sign, up to twice its size`,
  };
}

function roundUp(n: number): number {
  return Math.ceil(n);
}
function roundDown(n: number): number {
  return Math.floor(n);
}

/** The template value of a leaf whose values are all of one JSON type. */
function leafChoice(field: Field, now: number): Choice {
  const first = field.values.find((v) => v !== null) ?? null;
  if (first === null) return { chosen: null, why: 'null in the sample: kept', literal: true };
  if (typeof first === 'boolean') return { chosen: 'boolean', why: 'a boolean' };
  if (typeof first === 'number') return numberChoice(field, first);
  if (typeof first === 'string') return stringChoice(field, first, now);
  return { chosen: null, why: 'kept', literal: true };
}

/** Infers a template from `sample` (any JSON value); `now` decides past from future dates. */
export function inferTemplate(sample: unknown, now: number = Date.now()): InferResult {
  return inferTemplateFromSamples([sample], now);
}

/**
 * Infers one template from several samples of one answer (the bodies a HAR recorded for one
 * route and status): they are read as the elements of one list of objects are, so an object's
 * keys are the union of theirs, a field's enum the values of all of them, a list's range the
 * lengths seen. One sample gives what `inferTemplate` gives.
 */
export function inferTemplateFromSamples(
  samples: readonly unknown[],
  now: number = Date.now(),
): InferResult {
  if (samples.some((sample) => depthOf(sample as JsonValue, 0) > MAX_SAMPLE_DEPTH)) {
    return {
      ok: false,
      errors: [
        {
          code: ErrorCode.TEMPLATE_TOO_DEEP,
          message: `A sample may nest at most ${MAX_SAMPLE_DEPTH} levels of arrays and objects`,
          path: ROOT_PATH,
        },
      ],
    };
  }
  const report: InferNote[] = [];
  // A template is an object or an array: a lone value becomes a list of one.
  const containers = (samples as JsonValue[]).map((root) =>
    isJsonObject(root) || Array.isArray(root) ? root : [root],
  );
  const template = inferValues(containers, ROOT_PATH, undefined, new Set(), report, now);
  const analysis = analyseTemplate(template);
  if (analysis.issues.length > 0) return { ok: false, errors: analysis.issues };
  return { ok: true, value: { template, report } };
}

function depthOf(value: JsonValue, depth: number): number {
  if (Array.isArray(value))
    return value.reduce<number>((d, v) => Math.max(d, depthOf(v, depth + 1)), depth + 1);
  if (isJsonObject(value))
    return Object.values(value).reduce<number>(
      (d, v) => Math.max(d, depthOf(v, depth + 1)),
      depth + 1,
    );
  return depth;
}

/**
 * The template value of one place of the sample, from every value seen there (one, or one per
 * element of an array of objects): an object of the union of their keys, a list, or a leaf.
 */
function inferValues(
  values: JsonValue[],
  path: string,
  key: string | undefined,
  siblings: ReadonlySet<string>,
  report: InferNote[],
  now: number,
): JsonValue {
  const present = values.filter((v) => v !== null);
  const objects = present.filter(isJsonObject);
  if (objects.length > 0 && objects.length === present.length)
    return inferObject(objects, path, key, report, now);
  const arrays = present.filter(Array.isArray) as JsonValue[][];
  if (arrays.length > 0 && arrays.length === present.length)
    return inferArray(arrays, path, key, report, now);
  const kinds = new Set(present.map((v) => (Array.isArray(v) ? 'array' : typeof v)));
  if (kinds.size > 1) {
    // Values of several JSON types in one place: the first one's type decides.
    const kind = kinds.values().next().value;
    return inferValues(
      present.filter((v) => (Array.isArray(v) ? 'array' : typeof v) === kind),
      path,
      key,
      siblings,
      report,
      now,
    );
  }
  const choice = leafChoice({ key, siblings, values }, now);
  report.push({ path, chosen: choice.chosen, why: choice.why, literal: choice.literal === true });
  return choice.chosen;
}

function inferObject(
  objects: JsonObject[],
  path: string,
  parentKey: string | undefined,
  report: InferNote[],
  now: number,
): JsonObject {
  const keys: string[] = [];
  for (const object of objects)
    for (const key of Object.keys(object)) if (!keys.includes(key)) keys.push(key);
  const siblings = new Set(keys.map(norm));
  // The object's own key, marked apart from the keys: `first` in `name`, `name` in `street`.
  if (parentKey !== undefined) siblings.add(`${PARENT}${norm(parentKey)}`);
  const out: JsonObject = {};
  for (const key of keys) {
    if (key === MULTIPLY_KEY || DIRECTIVE_KEYS.includes(key)) {
      // A key the template language reserves cannot be a plain key of a template.
      report.push({
        path: keyPath(path, key),
        chosen: null,
        why: 'a key the template language reserves: left out',
        literal: false,
      });
      continue;
    }
    const seen = objects.filter((o) => Object.hasOwn(o, key)).map((o) => o[key] as JsonValue);
    const value = inferValues(seen, keyPath(path, key), key, siblings, report, now);
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function inferArray(
  arrays: JsonValue[][],
  path: string,
  key: string | undefined,
  report: InferNote[],
  now: number,
): JsonValue {
  const elements = arrays.flat();
  const lengths = arrays.map((a) => a.length);
  const longest = Math.max(...lengths);
  if (elements.length === 0) {
    report.push({ path, chosen: [], why: 'an empty list in the sample: kept', literal: true });
    return [];
  }
  const objects = elements.filter(isJsonObject);
  if (objects.length === elements.length) {
    const shortest = Math.min(...lengths);
    const min = Math.max(1, Math.min(shortest, Math.floor(longest / 2)));
    const range = `${min}-${Math.max(min, longest)}`;
    const element = inferObject(objects, `${path}[*]`, key, report, now);
    report.push({
      path,
      chosen: { [MULTIPLY_KEY]: range },
      why: `a list of ${longest} object${longest === 1 ? '' : 's'}: ${range} of them`,
      literal: false,
    });
    return [{ [MULTIPLY_KEY]: range, ...(element as JsonObject) }];
  }
  const kinds = new Set(
    elements.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)),
  );
  if (kinds.size === 1 && !kinds.has('array')) {
    // A list of plain values of one type: one template value, copied as many times as the sample had.
    const copies = Math.min(longest, MAX_SCALAR_COPIES);
    const value = inferValues(elements, `${path}[*]`, key, new Set(), report, now);
    return Array.from({ length: copies }, () => value);
  }
  const first = arrays[0] as JsonValue[];
  return first
    .slice(0, MAX_SCALAR_COPIES)
    .map((element, i) => inferValues([element], indexPath(path, i), key, new Set(), report, now));
}

/** Whether an IBAN's check digits hold (ISO 13616: the rearranged number modulo 97 is 1). */
function ibanChecksumHolds(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
