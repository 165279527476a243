/**
 * The network profile of a project or a route (issue 30) as sent and stored: its latency model,
 * its fault injection and its per-consumer rate limit. Every message names the field and the
 * problem, so the Options panel can show it next to the field (the issue's path says which).
 */
import { MAX_DELAY_MS } from '../limits.ts';
import { FAULT_STATUSES, type NetworkProfile } from '../network/profile.ts';
import { utf8Length } from '../template/parse.ts';
import { z } from './zod.ts';

/** The largest body of an injected status, in bytes of UTF-8 (64 KiB). */
export const MAX_FAULT_BODY_BYTES = 64 * 1024;

/** The largest per-consumer rate limit, in calls per window. */
export const MAX_RATE_LIMIT = 100_000;

/** A whole number of milliseconds from `min` to MAX_DELAY_MS, its messages naming `field`. */
function msSchema(field: string, min = 0) {
  const range = `${field} must be a whole number of milliseconds from ${min} to ${MAX_DELAY_MS}`;
  return z
    .number({ error: `${field} is required and must be a number of milliseconds` })
    .int({ error: range })
    .min(min, { error: range })
    .max(MAX_DELAY_MS, { error: range });
}

const noneLatencySchema = z.object({ kind: z.literal('none') });

const fixedLatencySchema = z.object({ kind: z.literal('fixed'), ms: msSchema('ms') });

const uniformLatencySchema = z
  .object({ kind: z.literal('uniform'), min: msSchema('min'), max: msSchema('max') })
  .refine((model) => model.min <= model.max, {
    path: ['max'],
    error: (issue) => {
      const model = issue.input as { min: number; max: number };
      return `max (${model.max} ms) must be at least min (${model.min} ms)`;
    },
  });

const normalLatencySchema = z.object({
  kind: z.literal('normal'),
  mean: msSchema('mean'),
  sd: msSchema('sd'),
});

const lognormalLatencySchema = z
  .object({ kind: z.literal('lognormal'), p50: msSchema('p50', 1), p95: msSchema('p95', 1) })
  .refine((model) => model.p95 >= model.p50, {
    path: ['p95'],
    error: (issue) => {
      const model = issue.input as { p50: number; p95: number };
      return `p95 (${model.p95} ms) must be at least p50 (${model.p50} ms): 95 % of calls cannot be faster than half of them`;
    },
  });

const LATENCY_KINDS = 'none, fixed, uniform, normal or lognormal';

/** A latency model: its `kind` says which fields it has. */
export const latencyModelSchema = z.discriminatedUnion(
  'kind',
  [
    noneLatencySchema,
    fixedLatencySchema,
    uniformLatencySchema,
    normalLatencySchema,
    lognormalLatencySchema,
  ],
  { error: `latency.kind must be ${LATENCY_KINDS}` },
);

const faultStatusMessage = `fault.status must be one of ${FAULT_STATUSES.join(', ')}`;

/** A share of calls that fail; a `status` fault needs its status, its body is optional JSON text. */
export const faultModelSchema = z
  .object({
    /** Percent of calls, 0 to 100; decimals allowed (0.5). */
    percent: z
      .number({ error: 'fault.percent is required and must be a number' })
      .min(0, { error: 'fault.percent must be from 0 to 100' })
      .max(100, { error: 'fault.percent must be from 0 to 100' }),
    kind: z.enum(['status', 'reset', 'empty'], {
      error: 'fault.kind must be status, reset or empty',
    }),
    status: z.literal(FAULT_STATUSES, { error: faultStatusMessage }).optional(),
    /** JSON text; absent, the body names the status (see faultBody). */
    body: z
      .string({ error: 'fault.body must be JSON text' })
      .refine((body) => utf8Length(body) <= MAX_FAULT_BODY_BYTES, {
        error: (issue) =>
          `fault.body is ${utf8Length(String(issue.input))} bytes; the most is ${MAX_FAULT_BODY_BYTES} (64 KiB)`,
      })
      .refine(isJsonText, { error: 'fault.body is not valid JSON' })
      .optional(),
  })
  .superRefine((fault, ctx) => {
    if (fault.kind === 'status' && fault.status === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: `fault.status is required when fault.kind is status: one of ${FAULT_STATUSES.join(', ')}`,
      });
    }
  });

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** At most `limit` calls per second or per minute for each consumer. */
export const rateLimitModelSchema = z.object({
  limit: z
    .number({ error: 'rateLimit.limit is required and must be a number' })
    .int({ error: `rateLimit.limit must be a whole number from 1 to ${MAX_RATE_LIMIT}` })
    .min(1, { error: `rateLimit.limit must be a whole number from 1 to ${MAX_RATE_LIMIT}` })
    .max(MAX_RATE_LIMIT, {
      error: `rateLimit.limit must be a whole number from 1 to ${MAX_RATE_LIMIT}`,
    }),
  per: z.enum(['second', 'minute'], { error: 'rateLimit.per must be second or minute' }),
});

/** A network profile: no fault and no rate limit when those are null or absent. */
export const networkProfileSchema = z
  .object({
    latency: latencyModelSchema,
    // Defaults rather than transforms: the schema also describes answers (routes, settings).
    fault: faultModelSchema.nullable().default(null),
    rateLimit: rateLimitModelSchema.nullable().default(null),
  })
  .meta({ id: 'NetworkProfile' });
export type NetworkProfileInput = z.input<typeof networkProfileSchema>;

// The schema's output is the contract's type: a change to either that breaks this fails typecheck.
const _sameShape: (parsed: z.output<typeof networkProfileSchema>) => NetworkProfile = (parsed) =>
  parsed;
void _sameShape;
