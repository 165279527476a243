import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A new request id: 16 random characters of [0-9a-z] (about 82 bits), URL-safe and easy to
 * read aloud. Rejection sampling keeps every character equally likely.
 */
export function newRequestId(length = 16): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && id.length < length) id += ALPHABET[byte % 36];
    }
  }
  return id;
}

const REQUEST_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Whether a text can be a request id at all: generated ids and the sample APIs' names are short
 * runs of URL-safe characters. Anything else (a NUL, a space, a 10 KB path) names no API.
 */
export function isRequestIdShape(text: string): boolean {
  return REQUEST_ID_SHAPE.test(text);
}
