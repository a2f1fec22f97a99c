import { Navigate, Route, Routes } from 'react-router-dom';
import { StandaloneFrame } from '@shop/ui/standalone';
import ConfiguratorPage from './configurator-page';

/** The configurator remote on its own page: its page under its shop route, without the shell. */
export function StandaloneApp() {
  return (
    <StandaloneFrame title="Configurator remote" links={[{ to: '/products', label: 'Products' }]}>
      <Routes>
        <Route path="/products" element={<ConfiguratorPage />} />
        <Route path="*" element={<Navigate to="/products" replace />} />
      </Routes>
    </StandaloneFrame>
  );
}
