import { useShopStore } from '../../../store/session';
import { RemoteDialogSlot } from '../../../components/remote-dialog-slot';

/**
 * The account remote's sign-in / create-account dialog, rendered by the shell so any part of the shop
 * can open it with useShopStore().openAuthDialog(). Fetched the first time it is opened.
 */
export function AuthDialogSlot() {
  const { open, tab } = useShopStore((s) => s.authDialog);
  const closeAuthDialog = useShopStore((s) => s.closeAuthDialog);
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <RemoteDialogSlot
      module="account/AuthDialog"
      open={open}
      onOpenChange={(next) => (next ? openAuthDialog(tab) : closeAuthDialog())}
      props={{ tab }}
      unavailableTitle="Sign in is unavailable right now"
      unavailableText="Please try again in a few minutes. You can keep shopping and check out as a guest."
    />
  );
}
