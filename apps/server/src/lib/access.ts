/**
 * Who may act on what, decided in one place from the session (immich's `requireAccess`): a
 * service asks `requireAccess(session, { kind, id })` and gets the thing back, or the refusal
 * every module answers for that kind, with its status and words. What is another user's is
 * none of the caller's business (404, as if it did not exist), except an API of the original
 * product's management calls, which say 403 for another's, as that product does.
 */
import { apiMessages, ErrorCode } from '@mocksmith/core';
import { isUuid } from '@mocksmith/core/ids';
import { apiKeyMessages } from '@mocksmith/core/keys';
import { AppError } from './errors.ts';

/** Who asks: the signed-in user (by session or API key). */
export interface AccessSession {
  id: string;
}

/** What access to an API is decided from. */
export interface ApiOwnership {
  id: string;
  requestId: string;
  ownerId: string | null;
  /** The project the API is a route of, or null for a stand-alone API. */
  projectId: string | null;
}

/** Where the decisions read: each lookup answers null for what does not exist. */
export interface AccessPorts<P extends { id: string }, A extends ApiOwnership> {
  /** The owner's project with this id, or null. */
  findOwnedProject(id: string, ownerId: string): Promise<P | null>;
  /** The API (or route) with this id, whoever owns it, or null. */
  findApi(id: string): Promise<A | null>;
}

/** What a caller asks access to. */
export type AccessRequest =
  /** One of the user's projects (its routes, collections, log, analytics, transfer). */
  | { kind: 'project'; id: string }
  /** One of the user's stand-alone APIs (its own log and analytics; a route's are its project's). */
  | { kind: 'stand-alone-api'; id: string }
  /**
   * An API by the original product's management calls: 404 when there is none or when
   * `requestId` (if the client sent one) is not its own, 403 when it is someone else's.
   */
  | { kind: 'api'; id: string; requestId?: string }
  /** One of the user's live API keys (decided by the revoke's own update, see below). */
  | { kind: 'api-key'; id: string };

export type AccessKind = AccessRequest['kind'];

/** The one access port the services ask. */
export interface Access<
  P extends { id: string } = { id: string },
  A extends ApiOwnership = ApiOwnership,
> {
  /** The user's project with this id; throws 404 PROJECT_NOT_FOUND otherwise. */
  requireAccess(session: AccessSession, request: { kind: 'project'; id: string }): Promise<P>;
  /** The user's stand-alone API with this id; throws 404 API_NOT_FOUND otherwise. */
  requireAccess(
    session: AccessSession,
    request: { kind: 'stand-alone-api'; id: string },
  ): Promise<A>;
  /** The user's API (or route) with this id; throws 404 TEMPLATE_NOT_FOUND or 403 FORBIDDEN. */
  requireAccess(
    session: AccessSession,
    request: { kind: 'api'; id: string; requestId?: string },
  ): Promise<A>;
}

/**
 * The refusal of a request for something that is not the caller's (or does not exist), for the
 * checks that must run inside a transaction holding the row (a lock), where the port cannot.
 */
export function accessRefused(request: AccessRequest): AppError {
  switch (request.kind) {
    case 'project':
      return new AppError(
        ErrorCode.PROJECT_NOT_FOUND,
        `You have no project with the id "${request.id}"`,
      );
    case 'stand-alone-api':
      return new AppError(ErrorCode.API_NOT_FOUND, `You have no API with the id "${request.id}"`);
    case 'api':
      return new AppError(ErrorCode.TEMPLATE_NOT_FOUND, apiMessages.notFound);
    case 'api-key':
      return new AppError(ErrorCode.NOT_FOUND, apiKeyMessages.notFound);
  }
}

/**
 * The 403 of the original product's management calls for what is someone else's: an API, or a
 * user named in the path or body other than the signed-in one.
 */
export const accessForbidden = () => new AppError(ErrorCode.FORBIDDEN, apiMessages.forbidden);

/**
 * The access port over its lookups. An id that is not a UUID is no row's and costs no query.
 */
export function createAccess<P extends { id: string }, A extends ApiOwnership>(
  ports: AccessPorts<P, A>,
): Access<P, A> {
  async function requireAccess(session: AccessSession, request: AccessRequest): Promise<P | A> {
    const known = isUuid(request.id);
    switch (request.kind) {
      case 'project': {
        const project = known ? await ports.findOwnedProject(request.id, session.id) : null;
        if (!project) throw accessRefused(request);
        return project;
      }
      case 'stand-alone-api': {
        const api = known ? await ports.findApi(request.id) : null;
        if (!api || api.ownerId !== session.id || api.projectId !== null) {
          throw accessRefused(request);
        }
        return api;
      }
      case 'api': {
        const api = known ? await ports.findApi(request.id) : null;
        if (!api) throw accessRefused(request);
        if (api.ownerId !== session.id) throw accessForbidden();
        if (request.requestId !== undefined && request.requestId !== api.requestId) {
          throw accessRefused(request);
        }
        return api;
      }
      case 'api-key':
        // A key is revoked by one update that holds its owner in its condition (no read first,
        // no race between them): the keys service decides there and refuses with these words.
        throw accessRefused(request);
    }
  }
  return { requireAccess } as Access<P, A>;
}
