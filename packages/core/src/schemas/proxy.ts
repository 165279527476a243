/**
 * A project's proxy (issue 40): where the calls no route or collection answers are forwarded,
 * and whether their JSON answers are recorded as routes. Its own file so that the settings
 * schema only names it.
 */
import { z } from './zod.ts';

/** In every runtime core runs on (Node and browsers); core's type library names neither. */
declare const URL: new (
  url: string,
) => { protocol: string; username: string; password: string; search: string; hash: string };

/** The longest upstream URL a project may name. */
export const MAX_PROXY_URL_LENGTH = 2048;
/** New routes a recording adds before it stops by itself. */
export const DEFAULT_RECORD_LIMIT = 100;

const PROXY_URL_MESSAGE = 'proxy.url must be an http or https URL such as https://api.example.com';

/** What is wrong with an upstream URL as the proxy's, or null. */
function proxyUrlProblem(text: string): string | null {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return PROXY_URL_MESSAGE;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return PROXY_URL_MESSAGE;
  if (url.username !== '' || url.password !== '') {
    return 'proxy.url cannot hold a user name or password: send credentials as headers';
  }
  if (url.search !== '' || url.hash !== '') {
    return 'proxy.url cannot hold a query or a fragment: the call’s own query is forwarded';
  }
  return null;
}

/** The upstream's base URL: http(s), no credentials, query or fragment; a path prefix allowed. */
export const proxyUrlSchema = z
  .string({ error: PROXY_URL_MESSAGE })
  .trim()
  .max(MAX_PROXY_URL_LENGTH, {
    error: `proxy.url is longer than ${MAX_PROXY_URL_LENGTH} characters`,
  })
  .superRefine((text, context) => {
    const problem = proxyUrlProblem(text);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  })
  // Kept without a trailing slash: the call's path (which starts with one) is appended.
  .overwrite((text) => text.replace(/\/+$/, ''));

/** The most routes a recording may add (its limit's upper bound). */
export const MAX_RECORD_LIMIT = 1000;

/** A route recording added: its method and path, when. */
export const recordedRouteSchema = z.object({
  method: z.string(),
  path: z.string(),
  /** ISO 8601. */
  at: z.string(),
});
export type RecordedRoute = z.infer<typeof recordedRouteSchema>;

/** The proxy as a PATCH sets it (what recording added is the server's to write). */
export const proxySettingsInputSchema = z.object({
  url: proxyUrlSchema,
  /** Forwarded JSON answers become routes of the project (typed templates, named examples). */
  record: z.boolean().default(false),
  /** Recording stops by itself after this many new routes. */
  recordLimit: z.number().int().min(1).max(MAX_RECORD_LIMIT).default(DEFAULT_RECORD_LIMIT),
});

/**
 * The proxy: the calls no route or collection of the project answers are forwarded to `url` +
 * the same path and query; with `record`, their JSON answers become routes, up to `recordLimit`
 * new routes, which `recorded` lists (oldest first).
 */
export const proxySettingsSchema = proxySettingsInputSchema
  .extend({
    /** The routes recording added, oldest first; recording stops at `recordLimit` of them. */
    recorded: z.array(recordedRouteSchema).max(MAX_RECORD_LIMIT).default([]),
  })
  .meta({ id: 'ProxySettings' });
export type ProxySettings = z.infer<typeof proxySettingsSchema>;
