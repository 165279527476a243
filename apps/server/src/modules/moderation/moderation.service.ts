import { ErrorCode } from '@mocksmith/core';
import { type AdminUser, galleryMessages, type ModerationQueue } from '@mocksmith/core/gallery';
import { AppError } from '../../lib/errors.ts';
import { presentQueue, presentAdminUser as toAdminUser } from './moderation.presenter.ts';
import type { Actor, ModerationRepository } from './moderation.repository.ts';

export type { Actor } from './moderation.repository.ts';

/** The actions the moderation screen lists. */
const HISTORY_LENGTH = 50;
/** The most accounts a search answers. */
const MAX_USERS = 50;

const templateNotFound = () => new AppError(ErrorCode.TEMPLATE_NOT_FOUND, galleryMessages.notFound);
const userNotFound = () => new AppError(ErrorCode.NOT_FOUND, galleryMessages.userNotFound);

export interface ModerationServiceDeps {
  repository: ModerationRepository;
  /**
   * Tells every node that these APIs' mock URLs changed (a ban, a disabled API), settling once
   * this process has taken it in: the app's invalidation bus, the command line's database
   * notification (lib/invalidation.ts). None: nothing serves mocks in this process.
   */
  announce?: (requestIds: readonly string[]) => Promise<void>;
}

/**
 * The moderation rules, for the admin routes (the actor is the signed-in administrator) and the
 * command line (actor null). Every action is logged with who did it and when.
 */
export function createModerationService({
  repository,
  announce = async () => {},
}: ModerationServiceDeps) {
  /** A ban stops every mock URL of the account (403, the suspended text); an unban restores them. */
  async function setBanned(actor: Actor, userId: string, banned: boolean): Promise<AdminUser> {
    if (banned && actor && actor.id === userId) {
      throw new AppError(ErrorCode.BAD_REQUEST, galleryMessages.cannotBanSelf);
    }
    const row = await repository.setBanned(userId, banned, actor);
    if (!row) throw userNotFound();
    await announce(await repository.requestIdsOf(row.id));
    return toAdminUser(row);
  }

  async function setDisabled(
    actor: Actor,
    apiId: string,
    disabled: boolean,
  ): Promise<{ name: string }> {
    const api = await repository.findApi(apiId);
    if (!api) throw templateNotFound();
    await repository.setDisabled(api, disabled, actor);
    await announce([api.requestId]);
    return { name: api.name };
  }

  return {
    /** The open reports, oldest first, with their templates as they are now; the last actions. */
    async queue(): Promise<ModerationQueue> {
      const [reports, history] = await Promise.all([
        repository.openReports(),
        repository.history(HISTORY_LENGTH),
      ]);
      return presentQueue(reports, history);
    },

    /** Closes an open report without action. Throws 404 when it is not open (or unknown). */
    async dismiss(actor: Actor, reportId: string): Promise<void> {
      if (!(await repository.dismiss(reportId, actor))) {
        throw new AppError(ErrorCode.NOT_FOUND, galleryMessages.reportNotFound);
      }
    },

    /**
     * Takes a template out of the gallery (not public any more; its URL keeps answering its
     * owner's callers) and closes its open reports as actioned. Throws 404 for an unknown id,
     * 409 for an official template (the service's own).
     */
    async unpublish(actor: Actor, apiId: string): Promise<{ name: string }> {
      const api = await repository.findApi(apiId);
      if (!api) throw templateNotFound();
      if (api.isOfficial) {
        throw new AppError(ErrorCode.OFFICIAL_TEMPLATE, galleryMessages.officialNotUnpublished);
      }
      await repository.unpublish(api, actor);
      return { name: api.name };
    },

    /**
     * Disables an API: its mock URLs answer 403 ('This API has been disabled by a moderator.')
     * on every node within a second, until it is enabled again. Throws 404 for an unknown id.
     */
    disableApi: (actor: Actor, apiId: string) => setDisabled(actor, apiId, true),
    /** Enables a disabled API again: its mock URLs answer as before. Throws 404 for an unknown id. */
    enableApi: (actor: Actor, apiId: string) => setDisabled(actor, apiId, false),

    /** Accounts whose name or address contains the text, at most 50. */
    async users(search: string | undefined): Promise<AdminUser[]> {
      return (await repository.searchUsers(search ?? '', MAX_USERS)).map(toAdminUser);
    },

    /**
     * Bans an account (not one's own: 400). Its public templates leave the gallery, and its
     * mock URLs answer 403 with the suspended text on every node within a second.
     */
    ban: (actor: Actor, userId: string) => setBanned(actor, userId, true),
    /** Lifts a ban: its mock URLs answer again. */
    unban: (actor: Actor, userId: string) => setBanned(actor, userId, false),

    /**
     * Bans, unbans, grants or revokes the admin role of the account with this address (the
     * command line). Throws 404 when there is none.
     */
    async byEmail(
      actor: Actor,
      action: 'ban' | 'unban' | 'grant-admin' | 'revoke-admin',
      email: string,
    ): Promise<AdminUser> {
      const user = await repository.findUserByEmail(email.trim().toLowerCase());
      if (!user) throw userNotFound();
      if (action === 'ban' || action === 'unban')
        return setBanned(actor, user.id, action === 'ban');
      const row = await repository.setAdmin(user.id, action === 'grant-admin', actor);
      if (!row) throw userNotFound();
      return toAdminUser(row);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
