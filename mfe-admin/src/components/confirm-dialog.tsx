import * as RadixDialog from '@radix-ui/react-dialog';
import { Button, Dialog, DialogActions, DialogDescription, DialogTitle } from '@shop/ui';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The confirm button while the action runs ("Deleting…"). */
  pendingLabel?: string;
  /** The button that closes without doing it ("Cancel"; "Keep the order" beside "Cancel order"). */
  dismissLabel?: string;
  pending?: boolean;
  onConfirm(): void;
}

/** Asks before something that cannot be undone; Cancel has the first focus, so Enter never deletes by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel = 'Deleting…',
  dismissLabel = 'Cancel',
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} role="alertdialog" width="28rem">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      <DialogActions>
        <RadixDialog.Close asChild>
          <Button type="button" $variant="secondary" data-autofocus>
            {dismissLabel}
          </Button>
        </RadixDialog.Close>
        <Button type="button" $variant="danger" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
