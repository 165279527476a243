import type { LoggedCallView } from '@mocksmith/core/inspector';
import { formatInteger } from '../../../lib/format.ts';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A call's time of day on the reader's clock, to the second: 09:30:05. */
export function callTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A call's moment in full, as the app writes dates, to the second: 14/03/2026 09:30:05. */
export function callMoment(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${callTime(at)}`;
}

function milliseconds(ms: number): string {
  if (ms > 0 && ms < 1) return '< 1 ms';
  return `${formatInteger(Math.round(ms))} ms`;
}

/** The latency with the injected delay apart: `120 ms (80 ms injected)`, or `120 ms`. */
export function latencyText(call: Pick<LoggedCallView, 'latencyMs' | 'delayMs'>): string {
  const total = milliseconds(call.latencyMs);
  return call.delayMs > 0 ? `${total} (${milliseconds(call.delayMs)} injected)` : total;
}

/** The path and its query as called: `/users?page=2`. */
export function pathWithQuery(call: Pick<LoggedCallView, 'path' | 'query'>): string {
  return call.query === '' ? call.path : `${call.path}?${call.query}`;
}

/** A call as one line: `GET /users?page=2`. */
export function callLabel(call: Pick<LoggedCallView, 'method' | 'path' | 'query'>): string {
  return `${call.method} ${pathWithQuery(call)}`;
}

/** The response that answered and the rule that picked it: `gold · rule 2`; '' for none. */
export function responseText(
  call: Pick<LoggedCallView, 'response' | 'rule'> & Partial<Pick<LoggedCallView, 'upstream'>>,
): string {
  if (call.upstream) return upstreamText(call.upstream);
  if (call.response === null) return call.rule === null ? '' : `rule ${call.rule}`;
  return call.rule === null ? call.response : `${call.response} · rule ${call.rule}`;
}

/**
 * A forwarded call's upstream as shown: the real API answered it, with what status and in how
 * long (its own time, without ours).
 */
export function upstreamText(upstream: NonNullable<LoggedCallView['upstream']>): string {
  return `Forwarded: the real API answered ${upstream.status} in ${milliseconds(upstream.ms)}`;
}

/** The status as shown: the code, or what happened instead of an answer. */
export function statusText(call: Pick<LoggedCallView, 'status' | 'fault'>): string {
  if (call.status !== 0) return String(call.status);
  return call.fault === 'reset' ? 'Reset' : 'No answer';
}

/** Whether a value was masked by the server (`••••` and at most its last 4 characters). */
export function isMasked(value: string): boolean {
  return value.includes('••••');
}
