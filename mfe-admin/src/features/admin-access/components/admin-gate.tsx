import type { ReactNode } from 'react';
import { useShopStore, apiErrorStatus } from 'shell/store';
import { Button, ButtonLink, LockIcon, MessageCard } from '@shop/ui';
import { useAdminStatus } from '../api/get-admin-status';

function Checking() {
  return (
    <MessageCard role="status" aria-live="polite" data-testid="admin-checking">
      <h2>Checking access…</h2>
      <p>One moment while we confirm your admin access.</p>
    </MessageCard>
  );
}

function AccessDenied({
  signedIn,
  onRetry,
}: {
  signedIn: boolean;
  onRetry?: (() => void) | undefined;
}) {
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <MessageCard role="alert" data-testid="admin-access-denied">
      <span className="icon" aria-hidden="true">
        <LockIcon size={26} />
      </span>
      <h2>Access denied</h2>
      <p>
        {signedIn
          ? 'Your account does not have admin access. If you have the admin secret key, you can grant it on the admin setup page.'
          : 'The admin panel is for shop administrators. Please sign in with an admin account.'}
      </p>
      <div className="actions">
        {signedIn ? (
          <ButtonLink to="/admin-setup">Go to Admin Setup</ButtonLink>
        ) : (
          <Button type="button" onClick={() => openAuthDialog('sign-in')}>
            Sign In
          </Button>
        )}
        {onRetry && (
          <Button type="button" $variant="secondary" onClick={onRetry}>
            Check again
          </Button>
        )}
        <ButtonLink to="/" $variant="secondary">
          Back to the shop
        </ButtonLink>
      </div>
    </MessageCard>
  );
}

/**
 * The admin gate (docs/product.md section 4): a checking state, then access denied unless GET /api/admin/status
 * says admin. The server checks every admin call again; this only decides what the page shows.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const user = useShopStore((s) => s.user);
  const authChecked = useShopStore((s) => s.authChecked);
  const status = useAdminStatus(user?.id);

  if (!authChecked && !user) return <Checking />;
  if (!user) return <AccessDenied signedIn={false} />;
  if (status.isPending) return <Checking />;
  if (status.isError) {
    // A 401 or 403 is a plain no; anything else (the network) may pass on a second try.
    const refused = [401, 403].includes(apiErrorStatus(status.error) ?? 0);
    return <AccessDenied signedIn onRetry={refused ? undefined : () => void status.refetch()} />;
  }
  if (!status.data.isAdmin) return <AccessDenied signedIn />;
  return <>{children}</>;
}
