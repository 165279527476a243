/**
 * What the request inspector keeps of a secret: `••••` and its last 4 characters, never more.
 * Headers named like a secret (`Authorization`, `Cookie`, `Set-Cookie`, `X-Api-Key`, `key`,
 * `code`, `jwt`, `sig`, and any name holding token, secret, password, api key, auth, session id,
 * signature or credential) and the query parameters and fields of a JSON body named so are
 * masked before anything is stored or sent to a browser. The server's log redacts the query
 * parameters of this one list too (`isSecretName`).
 */
import { jsonTextTooDeep, jsonValueTooDeep } from '../json.ts';
import { MAX_JSON_DEPTH } from '../limits.ts';

/** The mask of a secret: its last 4 characters after `••••` (all of a value of 4 or fewer masked). */
export function maskSecret(value: string): string {
  if (value.length <= 4) return '••••';
  return `••••${value.slice(-4)}`;
}

// Whole names, then words inside names (x-auth-token, client_secret, apiKey, db-password).
// `key`, `code` (OAuth's), `jwt` and `sig` alone: as words they would take `sort_key`,
// `zip_code` and the like.
const SECRET_NAMES = new Set([
  'key',
  'code',
  'jwt',
  'sig',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  // An owner's API key on their own mock URLs (the mock URLs' rate limit reads it).
  'x-mocksmith-key',
  'api-key',
  'apikey',
  'x-auth-token',
  'x-csrf-token',
  'x-xsrf-token',
]);
/** Words of a name that make it a secret's, alone or as two words (`api key`, `session id`). */
const SECRET_WORDS = new Set([
  'jwt',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'apikey',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'signature',
  'privatekey',
  'sessionid',
  'accesskey',
  'secretkey',
  'clientkey',
  'appkey',
  'masterkey',
  'subscriptionkey',
  'functionskey',
  'otp',
  'pin',
  'cookie',
]);

/** A name's words: split at `-`, `_`, `.`, spaces and camelCase humps, lower-cased. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_.\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

/** Whether a header or field of this name holds a secret. `X-Mock-Session` (a sandbox's name) does not. */
export function isSecretName(name: string): boolean {
  const known = verdicts.get(name);
  if (known !== undefined) return known;
  const verdict = judge(name);
  // Header names repeat from call to call: each is judged once (a bounded memo).
  if (verdicts.size >= 2_000) verdicts.clear();
  verdicts.set(name, verdict);
  return verdict;
}

const verdicts = new Map<string, boolean>();

function judge(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower === 'x-mock-session') return false;
  if (SECRET_NAMES.has(lower)) return true;
  const words = wordsOf(name);
  return words.some(
    (word, index) =>
      SECRET_WORDS.has(word) || (index > 0 && SECRET_WORDS.has(`${words[index - 1]}${word}`)),
  );
}

/** The headers with each secret's value masked; several values each masked. */
export function maskHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    masked[name] = values
      .map((one) => (isSecretName(name) ? maskHeaderValue(name, one) : one))
      .join(', ');
  }
  return masked;
}

/** `Bearer abc...xyz` keeps its scheme; `a=1; b=2` cookies each masked by name. */
function maskHeaderValue(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'cookie') {
    return value
      .split(';')
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at === -1) return maskSecret(pair.trim());
        return `${pair.slice(0, at).trim()}=${maskSecret(pair.slice(at + 1).trim())}`;
      })
      .join('; ');
  }
  const scheme = /^(Bearer|Basic|Digest|Token|Bot|ApiKey)\s+(.*)$/i.exec(value);
  if (scheme) return `${scheme[1]} ${maskSecret(scheme[2] as string)}`;
  return maskSecret(value);
}

/** What the mask leaves of an array or object nested past MAX_JSON_DEPTH. */
export const TOO_DEEP = `[nested deeper than ${MAX_JSON_DEPTH} levels]`;

/**
 * A JSON value with each field named like a secret masked (its value as text), at any depth;
 * an array or object past MAX_JSON_DEPTH levels becomes TOO_DEEP, so that the copy can always
 * be serialised (the walk and JSON.stringify are recursive).
 */
export function maskJson(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => maskJson(item, depth + 1));
  const masked: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    masked[key] = !isSecretName(key)
      ? maskJson(field, depth + 1)
      : field === null || typeof field !== 'object'
        ? maskSecret(String(field))
        : jsonValueTooDeep(field)
          ? maskSecret('')
          : maskSecret(JSON.stringify(field));
  }
  return masked;
}

/**
 * A request body as the inspector keeps it: JSON with its secrets masked (re-serialised), other
 * text as sent, at most `max` characters (cut ones marked).
 */
export function maskBody(text: string, max = 16 * 1024): { body: string; truncated: boolean } {
  // JSON nested past MAX_JSON_DEPTH is masked as text, as it was sent, never walked.
  const kept = (!jsonTextTooDeep(text) && maskedJsonText(text)) || maskedText(text);
  return kept.length > max
    ? { body: kept.slice(0, max), truncated: true }
    : { body: kept, truncated: false };
}

/** JSON text with its secrets masked, re-serialised; undefined when it is not JSON (or cut). */
function maskedJsonText(text: string): string | undefined {
  try {
    return JSON.stringify(maskJson(JSON.parse(text)));
  } catch {
    return undefined;
  }
}

/** Other text: JSON-like string fields and form fields named like a secret masked, the rest as sent. */
function maskedText(text: string): string {
  return text
    .replace(
      /"((?:[^"\\]|\\.){1,200})"(\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\s]+)/g,
      (whole, name: string, colon: string, value: string) =>
        isSecretName(name)
          ? `"${name}"${colon}"${maskSecret(value.replace(/^"|"$/g, ''))}"`
          : whole,
    )
    .replace(/(^|&)([^=&]+)=([^&]*)/g, (whole, start: string, name: string, value: string) =>
      isSecretName(decodeSafe(name)) ? `${start}${name}=${maskSecret(decodeSafe(value))}` : whole,
    );
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A query string (without `?`) with the values of parameters named like a secret masked. */
export function maskQuery(query: string): string {
  if (query === '') return query;
  return query.replace(
    /(^|&)([^=&]+)=([^&]*)/g,
    (whole, start: string, name: string, value: string) =>
      isSecretName(decodeSafe(name))
        ? `${start}${name}=${encodeURIComponent(maskSecret(decodeSafe(value)))}`
        : whole,
  );
}
