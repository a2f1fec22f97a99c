import { Navigate, Route, Routes } from 'react-router-dom';
import { StandaloneFrame, mountStandalone } from '@shop/ui/standalone';
import ConfiguratorPage from './app/configurator-page';

// The remote on its own: its page under its shop route, with the store loaded from the shell.
mountStandalone(
  <StandaloneFrame title="Configurator remote" links={[{ to: '/products', label: 'Products' }]}>
    <Routes>
      <Route path="/products" element={<ConfiguratorPage />} />
      <Route path="*" element={<Navigate to="/products" replace />} />
    </Routes>
  </StandaloneFrame>,
);
