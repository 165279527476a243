import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { FIRST_SLUGS, LAST_SLUGS, randomChars, SHORT_ADJECTIVES, SHORT_NOUNS } from '../sources.ts';
import { type DataType, ofRecord, typeGroup } from '../types.ts';

const t = typeGroup('internet');

const TLDS: readonly string[] = [
  'com',
  'com',
  'com',
  'net',
  'org',
  'io',
  'co',
  'dev',
  'app',
  'ai',
  'info',
  'biz',
];
const SUBDOMAINS: readonly string[] = ['www', 'api', 'app', 'blog', 'shop', 'docs', 'cdn', 'mail'];
const URL_SECTIONS: readonly string[] = ['blog', 'products', 'docs', 'news', 'help', 'about'];

const STATUS = definitions.internet.http_status_code;
/**
 * HTTP status codes in the proportions (%) an access log shows them: mostly 200, then the common
 * redirects and client errors; every other registered code now and then.
 */
const STATUS_WEIGHTS: readonly (readonly [readonly number[], number])[] = [
  [[200], 55],
  [[201, 204], 12],
  [STATUS?.success ?? [202], 3],
  [[301, 302, 304], 8],
  [STATUS?.redirection ?? [307], 2],
  [[400, 401, 403, 404, 422], 12],
  [STATUS?.clientError ?? [409], 3],
  [[500, 502, 503], 4],
  [STATUS?.serverError ?? [504], 1],
];

const METHODS: readonly string[] = [
  'GET',
  'GET',
  'GET',
  'GET',
  'POST',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
];

const WELL_KNOWN_PORTS: readonly number[] = [
  21, 22, 25, 53, 80, 110, 143, 443, 465, 587, 993, 3000, 3306, 5432, 5672, 6379, 8000, 8080, 8443,
  9000, 9200, 27017,
];

const EMOJI = Object.entries(definitions.internet.emoji ?? {})
  .filter(([group]) => group !== 'person' && group !== 'flag')
  .flatMap(([, list]) => list as string[]);

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_+=?';
const PASSWORD_CHARS = LOWER + UPPER + DIGITS + SYMBOLS;
const HEX_DIGITS = '0123456789abcdef';
const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function domain(random: Random): string {
  const name = random.bool(0.5)
    ? `${random.pick(SHORT_ADJECTIVES)}${random.pick(SHORT_NOUNS)}`
    : random.bool(0.5)
      ? random.pick(SHORT_NOUNS)
      : `${random.pick(LAST_SLUGS)}-${random.pick(SHORT_NOUNS)}`;
  return `${name}.${random.pick(TLDS)}`;
}

function urlSlug(random: Random): string {
  const words = [random.pick(SHORT_ADJECTIVES), random.pick(SHORT_NOUNS)];
  if (random.bool(0.4)) words.push(random.pick(SHORT_NOUNS));
  return words.join('-');
}

function url(random: Random): string {
  const host = `${random.bool(0.7) ? 'www.' : ''}${domain(random)}`;
  switch (random.int(0, 3)) {
    case 0:
      return `https://${host}`;
    case 1:
      return `https://${host}/${random.pick(URL_SECTIONS)}`;
    default:
      return `https://${host}/${random.pick(URL_SECTIONS)}/${urlSlug(random)}`;
  }
}

function ipv4(random: Random): string {
  const n = random.uint32();
  return `${random.int(1, 223)}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${random.int(1, 254)}`;
}

function ipv6(random: Random): string {
  const groups = ['2001', randomChars(random, HEX_DIGITS, 4)];
  for (let i = 0; i < 6; i++) groups.push(random.int(0, 0xffff).toString(16));
  return groups.join(':');
}

/** A unicast MAC address (the lowest bit of the first byte clear). */
function mac(random: Random): string {
  const bytes: string[] = [];
  for (let i = 0; i < 6; i++) bytes.push(random.int(0, 255).toString(16).padStart(2, '0'));
  bytes[0] = (random.int(0, 127) * 2).toString(16).padStart(2, '0');
  return bytes.join(':');
}

function userAgent(random: Random): string {
  const chrome = `${random.int(118, 131)}.0.${random.int(5000, 6800)}.${random.int(10, 200)}`;
  const safari = `${random.int(16, 18)}.${random.int(0, 6)}`;
  const firefox = `${random.int(115, 133)}.0`;
  const webkit = 'AppleWebKit/537.36 (KHTML, like Gecko)';
  switch (random.int(0, 7)) {
    case 0:
    case 1:
      return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${webkit} Chrome/${chrome} Safari/537.36`;
    case 2:
      return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) ${webkit} Chrome/${chrome} Safari/537.36`;
    case 3:
      return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari} Safari/605.1.15`;
    case 4:
      return `Mozilla/5.0 (iPhone; CPU iPhone OS ${safari.replace('.', '_')} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari} Mobile/15E148 Safari/604.1`;
    case 5:
      return `Mozilla/5.0 (Linux; Android ${random.int(11, 15)}; ${random.pick(['SM-S918B', 'Pixel 8', 'Pixel 7a', 'SM-A546B'])}) ${webkit} Chrome/${chrome} Mobile Safari/537.36`;
    case 6:
      return `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${firefox}) Gecko/20100101 Firefox/${firefox}`;
    default:
      return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${webkit} Chrome/${chrome} Safari/537.36 Edg/${chrome}`;
  }
}

/** 12 to 20 characters with at least one lower-case letter, capital, digit and symbol. */
function password(random: Random): string {
  const length = random.int(12, 20);
  const picked = [
    randomChars(random, LOWER, 1),
    randomChars(random, UPPER, 1),
    randomChars(random, DIGITS, 1),
    randomChars(random, SYMBOLS, 1),
  ];
  while (picked.length < length) picked.push(randomChars(random, PASSWORD_CHARS, 1));
  return random.sample(picked, picked.length).join('');
}

function username(random: Random): string {
  return usernameFrom(random, random.pick(FIRST_SLUGS), random.pick(LAST_SLUGS));
}

/** One person's user name, from the slugs of their names. */
export function usernameFrom(random: Random, first: string, last: string): string {
  switch (random.int(0, 5)) {
    case 0:
      return `${first}${last}`;
    case 1:
      return `${first}_${last}`;
    case 2:
      return `${first}.${last}${random.int(1, 99)}`;
    case 3:
      return `${first.charAt(0)}${last}${random.int(1, 999)}`;
    case 4:
      return `${random.pick(SHORT_ADJECTIVES)}_${random.pick(SHORT_NOUNS)}`;
    default:
      return `${first}${random.int(1970, 2009)}`;
  }
}

function port(random: Random): number {
  return random.bool(0.6) ? random.pick(WELL_KNOWN_PORTS) : random.int(1024, 65_535);
}

function httpStatus(random: Random): number {
  let r = random.int(0, 99);
  for (const [codes, weight] of STATUS_WEIGHTS) {
    r -= weight;
    if (r < 0) return random.pick(codes);
  }
  return 200;
}

/** Internet addresses, HTTP details and account bits: URLs, IPs, user agents, passwords, ... */
export const internetTypes: readonly DataType[] = [
  t(
    'string',
    'url',
    'An https URL of a web page',
    'https://www.brightharbor.com/blog/quiet-river',
    (c) => url(c.random),
  ),
  t('string', 'domain', 'A domain name', 'brightharbor.com', (c) => domain(c.random)),
  t(
    'string',
    'hostname',
    'A host name: a subdomain of a domain',
    'api.brightharbor.io',
    (c) => `${c.random.pick(SUBDOMAINS)}.${domain(c.random)}`,
  ),
  t('string', 'tld', 'A top-level domain, without the dot', 'com', (c) => c.random.pick(TLDS)),
  t('string', 'ipv4', 'An IPv4 address', '84.17.203.112', (c) => ipv4(c.random)),
  t(
    'string',
    'ipv6',
    'An IPv6 address in the global unicast range',
    '2001:db8a:85a3:0:0:8a2e:370:7334',
    (c) => ipv6(c.random),
  ),
  t('string', 'mac', 'A MAC address', '3c:22:fb:9a:0e:51', (c) => mac(c.random)),
  t(
    'string',
    'useragent',
    'A browser user-agent string of a current browser',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36',
    (c) => userAgent(c.random),
  ),
  t('number', 'port', 'A TCP port, often a well-known one', 8080, (c) => port(c.random)),
  t('number', 'httpstatus', 'An HTTP status code, mostly 2xx as in real traffic', 200, (c) =>
    httpStatus(c.random),
  ),
  t('string', 'httpmethod', 'An HTTP method, GET most often', 'GET', (c) => c.random.pick(METHODS)),
  t('string', 'password', 'A strong password of 12 to 20 mixed characters', 'k7#Rq2!vTz9mWx', (c) =>
    password(c.random),
  ),
  t(
    'string',
    'apikey',
    'An API key with a prefix',
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    (c) =>
      `${c.random.pick(['sk_live_', 'sk_test_', 'pk_live_', 'pk_test_'])}${randomChars(c.random, KEY_CHARS, 24)}`,
  ),
  t('string', 'slug', 'A URL slug of two or three words', 'quiet-river-bank', (c) =>
    urlSlug(c.random),
  ),
  ofRecord(
    t('string', 'username', 'A user name', 'emma_hartley', (c) =>
      c.record ? c.record.person.username : username(c.random),
    ),
    'person',
  ),
  ofRecord(
    t(
      'string',
      'avatar',
      'The URL of an avatar image',
      'https://i.pravatar.cc/150?img=12',
      (c) =>
        `https://i.pravatar.cc/150?img=${c.record ? c.record.person.avatar : c.random.int(1, 70)}`,
    ),
    'person',
  ),
  t('string', 'emoji', 'An emoji', '🚀', (c) => c.random.pick(EMOJI)),
];
