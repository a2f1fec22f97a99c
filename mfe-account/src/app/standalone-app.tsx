import { Route, Routes, useParams } from 'react-router-dom';
import { apiRequest, useShopStore } from 'shell/store';
import { Button } from '@shop/ui';
import { StandaloneFrame } from '@shop/ui/standalone';
import AuthDialog from './auth-dialog';
import ChangePasswordDialog from './change-password-dialog';
import OrderLookupPage from './order-lookup-page';
import OrderPage from './order-page';
import AccountPage from './account-page';
import ConfirmEmailPage from './confirm-email-page';
import OrdersPage from './orders-page';
import ResetPasswordPage from './reset-password-page';

function OrderRoute() {
  const { orderNumber = '' } = useParams<{ orderNumber: string }>();
  return <OrderPage orderNumber={orderNumber} />;
}

function SessionButton() {
  const user = useShopStore((s) => s.user);
  const setUser = useShopStore((s) => s.setUser);
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return user ? (
    <Button
      type="button"
      $variant="secondary"
      onClick={() =>
        void apiRequest('/api/auth/logout', { method: 'POST' }).then(() => setUser(null))
      }
    >
      Sign out {user.email}
    </Button>
  ) : (
    <Button type="button" onClick={() => openAuthDialog('sign-in')}>
      Sign In
    </Button>
  );
}

/** The account remote on its own page: its pages and dialogs without the shell. */
export function StandaloneApp() {
  return (
    <StandaloneFrame
      title="Account remote"
      links={[
        { to: '/orders', label: 'Orders' },
        { to: '/account', label: 'Account' },
        { to: '/change-password', label: 'Change password' },
      ]}
      aside={<SessionButton />}
    >
      <Routes>
        <Route path="/orders" element={<OrdersPage />} />
        <Route path="/orders/lookup" element={<OrderLookupPage />} />
        <Route path="/orders/:orderNumber" element={<OrderRoute />} />
        <Route path="/change-password" element={<ChangePasswordDialog />} />
        <Route path="/account" element={<AccountPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="*" element={<OrdersPage />} />
      </Routes>
      <AuthDialog />
    </StandaloneFrame>
  );
}
