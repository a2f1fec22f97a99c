import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { queryClient } from 'shell/store';
import OrdersPage from './app/orders-page';
import AuthDialog from './app/auth-dialog';
import AccountMenu from './app/account-menu';
import ChangePasswordDialog from './app/change-password-dialog';
// The remote on its own: its pages under their shop routes, with the store loaded from the shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
        <Route path="/orders" element={<OrdersPage />} />
        <Route path="/sign-in" element={<AuthDialog />} />
        <Route path="/account-menu" element={<AccountMenu />} />
        <Route path="/change-password" element={<ChangePasswordDialog />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
