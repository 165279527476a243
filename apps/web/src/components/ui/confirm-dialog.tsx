import { lazyDialog } from '../lazy-dialog.tsx';
import type { ConfirmDialogProps } from './confirm-dialog-panel.tsx';

export type { ConfirmDialogProps } from './confirm-dialog-panel.tsx';

/**
 * The one yes/no question of the app before an action that is hard to take back (Delete an API,
 * Ban, Unpublish, Disable API); its code (Radix's alert dialog) loads when it first opens.
 */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(
  () => import('./confirm-dialog-panel.tsx').then((module) => module.ConfirmDialogPanel),
  (props) => props.open,
);
