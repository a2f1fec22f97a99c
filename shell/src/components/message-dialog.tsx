import type { ReactNode } from 'react';
import { Dialog, DialogDescription, DialogTitle } from '@shop/ui';

interface MessageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  children?: ReactNode;
}

/** The shell's own messages (a remote that failed to load) in the kit's dialog. */
export function MessageDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: MessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} width="28rem">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      {children}
    </Dialog>
  );
}
