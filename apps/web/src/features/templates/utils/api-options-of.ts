import type { UserApi } from '@mocksmith/core/schemas';
import type { ApiOptions } from './api-options.ts';

/** The Options panel filled from a stored API (the Edit modal starts from it). */
export function optionsOf(template: UserApi): ApiOptions {
  return {
    delay: String(template.option.delay),
    httpCode: template.option.httpCode as ApiOptions['httpCode'],
    authToken: template.option.authToken,
    customHeaders: template.customHeaders.map((header) => ({ ...header })),
    isPublic: template.isPublic,
    category: template.category ?? '',
    description: template.description ?? '',
    tags: [...template.tags],
  };
}
