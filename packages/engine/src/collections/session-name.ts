/**
 * The session a call names. Pure.
 */
import { ErrorCode, type RawQuery } from '@mocksmith/core';
import { SESSION_NAME_MESSAGE, SESSION_NAME_PATTERN } from '@mocksmith/core/collections';
import { type Refuse, refusal } from './refusal.ts';

/** The session a call names: `X-Mock-Session`, else `?__session`, else the shared state (''). */
export function sessionOf(
  header: string | string[] | undefined,
  query: RawQuery,
  refuse: Refuse = refusal,
): string {
  const given = Array.isArray(header) ? header[0] : header;
  const fromQuery = query.__session;
  const name =
    given ?? (Array.isArray(fromQuery) ? fromQuery[0] : (fromQuery as string | undefined));
  if (name === undefined || name === '') return '';
  if (!SESSION_NAME_PATTERN.test(name)) {
    throw refuse(
      ErrorCode.INVALID_SESSION,
      `${SESSION_NAME_MESSAGE}: "${name.slice(0, 80)}" is not`,
    );
  }
  return name;
}
