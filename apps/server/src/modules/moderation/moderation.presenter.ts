/**
 * The answers of the moderation routes: each action's message, in the words the admin screen
 * shows in its toast.
 */
import type { MessageResult } from '@mocksmith/core';
import { galleryMessages } from '@mocksmith/core/gallery';

/** The actions an administrator takes from the admin screen. */
export type AdminAction = 'dismiss' | 'unpublish' | 'disable-api' | 'enable-api' | 'ban' | 'unban';

const done: Record<AdminAction, string> = {
  dismiss: galleryMessages.dismissed,
  unpublish: galleryMessages.unpublished,
  'disable-api': galleryMessages.disabled,
  'enable-api': galleryMessages.enabled,
  ban: galleryMessages.banned,
  unban: galleryMessages.unbanned,
};

/** The answer of an action that was taken. */
export function actionResult(action: AdminAction): MessageResult {
  return { message: done[action] };
}
