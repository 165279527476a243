import { galleryMessages } from '@mocksmith/core/texts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { type Moderation, useModerate } from '../api/moderate.ts';

const done: Record<Moderation['action'], string> = {
  dismiss: galleryMessages.dismissed,
  unpublish: galleryMessages.unpublished,
  ban: galleryMessages.banned,
  unban: galleryMessages.unbanned,
};

const failed: Record<Moderation['action'], string> = {
  dismiss: 'Failed to dismiss the report',
  unpublish: 'Failed to unpublish the template',
  ban: 'Failed to ban the account',
  unban: 'Failed to unban the account',
};

/** Runs a moderation action with its toast: the server's message when it refuses. */
export function useModerationAction() {
  const moderate = useModerate();
  function run(moderation: Moderation) {
    moderate.mutate(moderation, {
      onSuccess: () => toast.success(done[moderation.action]),
      onError: (error) => toast.error(toUserMessage(error, failed[moderation.action])),
    });
  }
  return { run, busy: moderate.isPending };
}
