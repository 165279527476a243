import { MAX_DELAY_MS } from '@mocksmith/core/limits';
import {
  type ApiOption,
  apiMessages,
  type CustomHeader,
  customHeaderSchema,
  DELAY_MESSAGE,
  MAX_CUSTOM_HEADERS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  type StatusCode,
  sharingIssues,
  type TemplateCategory,
} from '@mocksmith/core/schemas';

/** The Options panel as the form holds it (the delay as typed). */
export interface ApiOptions {
  delay: string;
  httpCode: StatusCode;
  authToken: string | null;
  customHeaders: CustomHeader[];
  isPublic: boolean;
  category: TemplateCategory | '';
  description: string;
  tags: string[];
}

/** No delay, 200, no token, no headers, private. */
export const DEFAULT_API_OPTIONS: ApiOptions = {
  delay: '0',
  httpCode: 200,
  authToken: null,
  customHeaders: [],
  isPublic: false,
  category: '',
  description: '',
  tags: [],
};

/** The fields of the panel a problem can be about. */
export type OptionField = 'delay' | 'customHeaders' | 'category' | 'description' | 'tags';

/** What the panel sends, once checked. */
export interface CheckedOptions {
  option: ApiOption;
  customHeaders: CustomHeader[];
  isPublic: boolean;
  category: TemplateCategory | null;
  description: string | null;
  tags: string[];
}

export type OptionsCheck =
  | { ok: true; value: CheckedOptions }
  | { ok: false; errors: Partial<Record<OptionField, string>> };

/**
 * Checks the panel as the server will (delay 0 to 10000, headers, the sharing rules) and gives
 * the body's fields. Header rows left entirely empty are dropped.
 */
export function checkOptions(options: ApiOptions): OptionsCheck {
  const errors: Partial<Record<OptionField, string>> = {};
  const delay = options.delay.trim() === '' ? 0 : Number(options.delay);
  if (!Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_MS) errors.delay = DELAY_MESSAGE;

  const headers = options.customHeaders.filter(
    (header) => header.name.trim() !== '' || header.value !== '',
  );
  const seen = new Set<string>();
  for (const header of headers) {
    const parsed = customHeaderSchema.safeParse(header);
    if (!parsed.success) {
      errors.customHeaders = parsed.error.issues[0]?.message ?? 'Invalid header';
      break;
    }
    const key = parsed.data.name.toLowerCase();
    if (seen.has(key)) {
      errors.customHeaders = apiMessages.duplicateHeader(parsed.data.name);
      break;
    }
    seen.add(key);
  }
  if (headers.length > MAX_CUSTOM_HEADERS) {
    errors.customHeaders = `At most ${MAX_CUSTOM_HEADERS} custom headers are allowed`;
  }

  const sharing = {
    isPublic: options.isPublic,
    category: options.category === '' ? null : options.category,
    description: options.description.trim() === '' ? null : options.description.trim(),
    tags: options.tags,
  };
  for (const issue of sharingIssues(sharing)) {
    if (issue.path === 'category' || issue.path === 'description')
      errors[issue.path] = issue.message;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      option: { delay, authToken: options.authToken, httpCode: options.httpCode },
      customHeaders: headers.map((header) => ({ name: header.name.trim(), value: header.value })),
      ...sharing,
    },
  };
}

/**
 * Adds a typed tag (trimmed) to `tags`, or says why not: empty, longer than 20 characters, a
 * repeat (ignoring case), or one more than 10.
 */
export function addTag(
  tags: readonly string[],
  typed: string,
): { ok: true; tags: string[] } | { ok: false; message: string | null } {
  const tag = typed.trim();
  if (tag === '') return { ok: false, message: null };
  if (tag.length > MAX_TAG_LENGTH) return { ok: false, message: apiMessages.tagTooLong(tag) };
  if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
    return { ok: false, message: apiMessages.duplicateTag(tag) };
  }
  if (tags.length >= MAX_TAGS) return { ok: false, message: apiMessages.tooManyTags };
  return { ok: true, tags: [...tags, tag] };
}

/** Turning Make Public off clears category, description and tags (spec section 4). */
export function withPublic(options: ApiOptions, isPublic: boolean): ApiOptions {
  return isPublic
    ? { ...options, isPublic }
    : { ...options, isPublic, category: '', description: '', tags: [] };
}

/** Whether a status code is an error one, which the panel warns about (400 or more). */
export function isErrorStatus(code: number): boolean {
  return code >= 400;
}
