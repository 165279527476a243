import { ConfirmDialog, type ConfirmDialogProps } from '../../../components/ui/confirm-dialog.tsx';
import type { Moderation } from '../api/moderate.ts';
import { useModerationAction } from './use-moderation-action.ts';

/** An action that asks first, and what it acts on in words (a template's name, an account). */
export type ModerationRequest = {
  moderation:
    | Extract<Moderation, { action: 'unpublish' | 'disable-api' | 'enable-api' }>
    | { action: 'ban'; userId: string };
  subject: string;
};

type Question = Pick<
  ConfirmDialogProps,
  'title' | 'description' | 'confirmLabel' | 'busyLabel' | 'variant'
>;

/** The question each action asks. */
export function questionOf({ moderation, subject }: ModerationRequest): Question {
  switch (moderation.action) {
    case 'unpublish':
      return {
        title: 'Unpublish this template?',
        description: `“${subject}” will leave the gallery and its open reports will be closed. Its owner keeps the API, and its URL keeps answering.`,
        confirmLabel: 'Unpublish',
        busyLabel: 'Unpublishing...',
      };
    case 'disable-api':
      return {
        title: 'Disable this API?',
        description: `The URLs of “${subject}” will answer 403 to every caller until it is enabled again. Its reports stay open.`,
        confirmLabel: 'Disable API',
        busyLabel: 'Disabling...',
      };
    case 'enable-api':
      return {
        title: 'Enable this API?',
        description: `The URLs of “${subject}” will answer its callers again.`,
        confirmLabel: 'Enable API',
        busyLabel: 'Enabling...',
        variant: 'primary',
      };
    case 'ban':
      return {
        title: 'Ban this account?',
        description: `${subject} will be signed out and unable to sign in until unbanned.`,
        confirmLabel: 'Ban',
        busyLabel: 'Banning...',
      };
  }
}

/**
 * The confirmation of a moderation action (open while `request` is set): the action runs on
 * confirm, the dialog stays open with its busy label until the answer, then closes.
 */
export function ConfirmModeration({
  request,
  onClose,
}: {
  request: ModerationRequest | null;
  onClose: () => void;
}) {
  const { run, busy } = useModerationAction();
  const question = request ? questionOf(request) : null;
  return (
    <ConfirmDialog
      open={request !== null}
      title={question?.title ?? ''}
      description={question?.description ?? ''}
      confirmLabel={question?.confirmLabel ?? ''}
      busyLabel={question?.busyLabel ?? ''}
      variant={question?.variant}
      busy={busy}
      onConfirm={() => request && run(request.moderation, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
