import { adminActionMessages } from '@mocksmith/core/texts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { type Moderation, useModerate } from '../api/moderate.ts';

const failed: Record<Moderation['action'], string> = {
  dismiss: 'Failed to dismiss the report',
  unpublish: 'Failed to unpublish the template',
  'disable-api': 'Failed to disable the API',
  'enable-api': 'Failed to enable the API',
  ban: 'Failed to ban the account',
  unban: 'Failed to unban the account',
};

/**
 * Runs a moderation action with its toast (the server's message when it refuses), then
 * `onSettled` (a confirmation closing).
 */
export function useModerationAction() {
  const moderate = useModerate({
    onSuccess: (_answer, moderation) => toast.success(adminActionMessages[moderation.action]),
    onError: (error, moderation) => toast.error(toUserMessage(error, failed[moderation.action])),
  });
  function run(moderation: Moderation, { onSettled }: { onSettled?: () => void } = {}) {
    moderate.mutate(moderation, { onSettled });
  }
  return { run, busy: moderate.isPending };
}
