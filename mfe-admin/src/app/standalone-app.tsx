import { Navigate, Route, Routes } from 'react-router-dom';
import { useShopStore } from 'shell/store';
import { StandaloneFrame } from '@shop/ui/standalone';
import AdminPage from './admin-page';
import AdminSetupPage from './admin-setup-page';
import AdminSimplePage from './admin-simple-page';
import AdminTestPage from './admin-test-page';

// Signing in happens in the shop itself (the account remote's dialog); the session cookie is the same.
function SessionNote() {
  const user = useShopStore((s) => s.user);
  return <span>{user ? user.email : 'Signed out: sign in on the shop'}</span>;
}

/** The admin remote on its own page: its pages without the shell. */
export function StandaloneApp() {
  return (
    <StandaloneFrame
      title="Admin remote"
      links={[
        { to: '/admin', label: 'Admin' },
        { to: '/admin-setup', label: 'Setup' },
        { to: '/admin-test', label: 'Test' },
        { to: '/admin-simple', label: 'Simple' },
      ]}
      aside={<SessionNote />}
    >
      <Routes>
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/admin-setup" element={<AdminSetupPage />} />
        <Route path="/admin-test" element={<AdminTestPage />} />
        <Route path="/admin-simple" element={<AdminSimplePage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </StandaloneFrame>
  );
}
