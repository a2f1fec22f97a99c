import type { ReactNode } from 'react';
import { createGlobalStyle, ThemeProvider as StyledThemeProvider } from 'styled-components';

/** One theme for the shell; remotes read the same tokens through styled-components' shared context. */
export const theme = {
  colors: {
    ink: '#0f172a',
    muted: '#475569',
    brand: '#0f2a44',
    brandText: '#ffffff',
    accent: '#c2410c',
    surface: '#ffffff',
    page: '#f8fafc',
    border: '#e2e8f0',
    danger: '#b91c1c',
    focus: '#2563eb',
  },
  radius: '0.75rem',
  maxWidth: '72rem',
  breakpoints: { md: '768px' },
} as const;

export type ShopTheme = typeof theme;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; color: ${theme.colors.ink}; background: ${theme.colors.page}; line-height: 1.5; }
  a { color: inherit; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

export function ThemeProvider({ children }: { children: ReactNode }) {
  return <StyledThemeProvider theme={theme}>{children}</StyledThemeProvider>;
}
