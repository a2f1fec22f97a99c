import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { queryClient } from 'shell/store';
import AdminPage from './app/admin-page';
import AdminSetupPage from './app/admin-setup-page';
import AdminTestPage from './app/admin-test-page';
import AdminSimplePage from './app/admin-simple-page';
// The remote on its own: its pages under their shop routes, with the store loaded from the shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/admin-setup" element={<AdminSetupPage />} />
        <Route path="/admin-test" element={<AdminTestPage />} />
        <Route path="/admin-simple" element={<AdminSimplePage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
