import { AUTH_TOKEN_PATTERN } from '@mocksmith/core/texts';

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The random part's length: 40 characters of 64 symbols, 240 bits. */
const TOKEN_LENGTH = 40;

/** A new bearer token for a protected API: `mck_` and 40 random URL-safe characters. */
export function generateAuthToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_LENGTH));
  // 256 is a multiple of 64, so taking each byte modulo 64 keeps the symbols uniform.
  const token = `mck_${Array.from(bytes, (byte) => URL_SAFE[byte % 64]).join('')}`;
  if (!AUTH_TOKEN_PATTERN.test(token)) throw new Error('generated an invalid token');
  return token;
}
