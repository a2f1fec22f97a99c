import { lazy, Suspense, useRef } from 'react';
import { useShopStore } from '../../../store/session';
import { ChevronDownIcon, UserIcon, VisuallyHidden } from '@shop/ui';
import { AccountTrigger } from './account-trigger';

// The menu (Radix dropdown and its positioning) is only downloaded for signed-in shoppers.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

/**
 * Signed out: Sign In, which opens the account remote's auth dialog. Signed in: the account menu
 * (My Account, Order History, Admin Panel for admins, Change Password, Sign Out).
 */
export function AccountButton() {
  const user = useShopStore((s) => s.user);
  const authChecked = useShopStore((s) => s.authChecked);
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  // Signing out from the menu takes its button (and the focus on it) away: Sign In, in its place,
  // takes the focus, so keyboard and screen reader users are not dropped at the top of the page.
  const focusSignIn = useRef(false);

  // Until the shop knows who this is (and in the prerendered page): Sign In's box, without the claim.
  if (!authChecked) {
    return (
      <AccountTrigger type="button" aria-label="Account" aria-busy="true" disabled>
        <UserIcon />
        <span className="label" style={{ visibility: 'hidden' }}>
          Sign In
        </span>
      </AccountTrigger>
    );
  }
  if (!user) {
    return (
      <AccountTrigger
        ref={(button) => {
          if (!button || !focusSignIn.current) return;
          focusSignIn.current = false;
          button.focus();
        }}
        type="button"
        onClick={() => openAuthDialog('sign-in')}
        aria-label="Sign In"
      >
        <UserIcon />
        <span className="label">Sign In</span>
      </AccountTrigger>
    );
  }
  return (
    <Suspense
      fallback={
        <AccountTrigger type="button" aria-disabled="true">
          <UserIcon />
          <span className="label">{user.firstName || 'Account'}</span>
          <VisuallyHidden> account menu</VisuallyHidden>
          <ChevronDownIcon size={16} className="chevron" />
        </AccountTrigger>
      }
    >
      <AccountMenu user={user} onSignedOut={() => (focusSignIn.current = true)} />
    </Suspense>
  );
}
