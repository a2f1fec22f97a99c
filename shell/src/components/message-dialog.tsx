import type { ReactNode, RefObject } from 'react';
import { Dialog, DialogDescription, DialogTitle } from '@shop/ui';

interface MessageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  children?: ReactNode;
  /** Where focus goes on closing when what opened the dialog is gone (see the kit's Dialog). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The shell's own messages (a remote that failed to load) in the kit's dialog. */
export function MessageDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  returnFocusTo,
}: MessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} width="28rem" returnFocusTo={returnFocusTo}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      {children}
    </Dialog>
  );
}
