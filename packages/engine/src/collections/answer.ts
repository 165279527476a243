/**
 * What a collection's call answers: a status, headers and a body.
 */

/** The answer of a collection's call. */
export interface CollectionAnswer {
  status: number;
  headers: readonly (readonly [string, string])[];
  /** JSON text, or its UTF-8 bytes when made in the worker; none for a 204. */
  payload: string | Buffer | undefined;
}

/** The headers of a JSON answer beside its type, which the host sets: none. */
export const JSON_HEADERS: readonly (readonly [string, string])[] = [];
