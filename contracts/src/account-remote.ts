/**
 * Props the shell passes to the dialogs the account remote exposes. The shell renders them (loaded the
 * first time they are opened) and owns whether they are open; the remote owns everything inside.
 */

/** `account/AuthDialog`. Open state mirrors useShopStore().authDialog; onOpenChange(false) closes it there. */
export interface AuthDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The tab asked for by whoever opened it (openAuthDialog(tab)). */
  tab: 'sign-in' | 'create-account';
}

/** `account/ChangePasswordDialog`, opened from the header's account menu. */
export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}
