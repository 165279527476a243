import type { LoggedCallView } from '@mocksmith/core/inspector';
import { isMasked } from './format.ts';

/**
 * Headers a replay leaves out: the ones the client (curl, the browser) writes itself from the
 * URL, the body and its own connection, and `accept-encoding`, whose compressed answer curl
 * would print as it comes unless told `--compressed`.
 */
const CLIENT_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'accept-encoding',
]);

/** The call's full URL: the project's base URL, the path and the query. */
export function callUrl(baseUrl: string, call: Pick<LoggedCallView, 'path' | 'query'>): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${call.path}${call.query === '' ? '' : `?${call.query}`}`;
}

/** A call's headers as a replay sends them, and the masked ones it leaves out. */
export function replayHeaders(headers: Readonly<Record<string, string>>): {
  sent: [string, string][];
  masked: string[];
} {
  const sent: [string, string][] = [];
  const masked: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (CLIENT_HEADERS.has(name.toLowerCase())) continue;
    if (isMasked(value)) masked.push(name);
    else sent.push([name, value]);
  }
  return { sent, masked };
}

/** A shell word: in single quotes, each of its own quotes closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The call as a curl command, for a shell: the method (left to curl for a GET without a body,
 * `--head` for HEAD), the full URL, the headers as sent but the masked ones (each named in a
 * comment line before the command, for the user to put back), and the body as logged. A body
 * cut at 16 KB, or holding masked secrets, is said in a comment too.
 */
export function curlCommand(
  call: Pick<LoggedCallView, 'method' | 'path' | 'query' | 'headers' | 'body' | 'bodyTruncated'>,
  baseUrl: string,
): string {
  const comments: string[] = [];
  const { sent, masked } = replayHeaders(call.headers);
  if (masked.length > 0) comments.push(`# Masked in the log, left out: ${masked.join(', ')}`);
  const body = call.body ?? '';
  if (call.bodyTruncated) {
    comments.push('# The body was cut at 16 KB in the log: this sends its first 16 KB.');
  }
  if (isMasked(body)) comments.push('# Secrets in the body are masked (••••): put them back.');

  const first = ['curl'];
  if (call.method === 'HEAD') first.push('--head');
  else if (call.method !== 'GET' || body !== '') first.push('-X', call.method);
  first.push(shellQuote(callUrl(baseUrl, call)));
  const lines = [first.join(' ')];
  for (const [name, value] of sent) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (body !== '') lines.push(`--data-raw ${shellQuote(body)}`);
  return [...comments, lines.join(' \\\n  ')].join('\n');
}
