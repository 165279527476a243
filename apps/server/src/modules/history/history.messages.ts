import { apiMessages, type RouteMethod } from '@mocksmith/core';

/** What a history message needs of an API. */
export interface Described {
  name: string;
  method: RouteMethod;
  customEndpoint: string | null;
}

/** The texts of the Recent Activity list, one sentence per change of an API. */
export const historyMessages = {
  /** `Created API "Users" (GET /users)`; without a custom endpoint, `(GET)`. */
  created: (api: Described) =>
    `Created API "${api.name}" (${api.method}${api.customEndpoint ? ` ${api.customEndpoint}` : ''})`,
  /** `Updated API "Users"`, naming the old name too when it changed. */
  updated: (api: Described, previousName: string) =>
    previousName === api.name
      ? `Updated API "${api.name}"`
      : `Updated API "${api.name}" (renamed from "${previousName}")`,
  deleted: (api: Described) => `Deleted API "${api.name}"`,
  /** The warning of an API saved to answer with an error status. */
  errorStatus: (api: Described, httpCode: number) =>
    `API "${api.name}": ${apiMessages.errorStatusWarning(httpCode)}`,
};
