import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from 'shell/store';
import { GlobalStyle } from '@shop/ui';
import { AppRoutes } from './routes';
import { SessionSync } from './session-sync';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalStyle />
      <SessionSync />
      <AppRoutes />
    </QueryClientProvider>
  );
}
