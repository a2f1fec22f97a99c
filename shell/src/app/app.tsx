import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from 'shell/store';
import { GlobalStyle, ThemeProvider } from '../components/theme';
import { AppRoutes } from './routes';
import { SessionSync } from './session-sync';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <GlobalStyle />
        <SessionSync />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
