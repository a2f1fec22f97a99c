import { createGlobalStyle } from 'styled-components';

/**
 * The shop's design tokens, one copy for every app. Components read them directly (no ThemeProvider), so
 * a remote looks the same inside the shell and on its standalone page. Every text/background pair used
 * with them meets WCAG AA (4.5:1 for body text).
 */
export const theme = {
  colors: {
    ink: '#0f172a',
    muted: '#475569',
    /** Secondary text: 4.5:1 or more on every light surface here (sunken, brandSoft, the soft tints). */
    subtle: '#5b6b82',
    brand: '#0f2a44',
    brandDeep: '#0a1d31',
    brandText: '#ffffff',
    brandMuted: '#c7d4e2',
    brandSoft: '#e8eef5',
    accent: '#c2410c',
    accentHover: '#9a3412',
    accentSoft: '#fff1e8',
    surface: '#ffffff',
    page: '#f8fafc',
    sunken: '#f1f5f9',
    border: '#e2e8f0',
    borderStrong: '#cbd5e1',
    /** Edges of form controls: 3.4:1 on white (WCAG 1.4.11, non-text contrast). */
    control: '#7c8ba1',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSoft: '#fef2f2',
    success: '#15803d',
    successSoft: '#f0fdf4',
    focus: '#2563eb',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  radius: '0.75rem',
  radiusSmall: '0.5rem',
  maxWidth: '72rem',
  shadow: '0 1px 2px rgb(15 23 42 / 0.06), 0 4px 12px rgb(15 23 42 / 0.06)',
  shadowRaised: '0 10px 30px rgb(15 23 42 / 0.12)',
  breakpoints: { sm: '560px', md: '768px', lg: '1024px' },
  /** The shell's sticky header: its bar, and where it ends (the bar and its 1px rule). */
  header: { bar: '4rem', bottom: 'calc(4rem + 1px)' },
  /**
   * The stacking order of everything drawn over the page, lowest first, one copy for every app. Dialogs
   * cover the header; toasts stay above dialogs so a result is always seen; an open menu the shopper is
   * using (the account menu opens where phone toasts appear, just under the header) stays above toasts.
   */
  layers: {
    stickyBar: 5,
    header: 40,
    dialog: 60,
    toasts: 100,
    menu: 110,
    skipLink: 200,
  },
} as const;

export type ShopTheme = typeof theme;

export const fromSmall = `@media (min-width: ${theme.breakpoints.sm})`;
/** From the medium breakpoint up (tablets and desktops). */
export const fromMedium = `@media (min-width: ${theme.breakpoints.md})`;
export const fromLarge = `@media (min-width: ${theme.breakpoints.lg})`;

/** The keyboard focus ring (a mouse click shows none). */
export const focusRing = `
  outline: 3px solid ${theme.colors.focus};
  outline-offset: 2px;
`;

/** The page's base styles: the shell mounts it, and each remote's standalone page does too. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; scroll-padding-top: 5rem; }
  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    color: ${theme.colors.ink};
    background: ${theme.colors.page};
    line-height: 1.55;
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }
  h1, h2, h3 { font-family: ${theme.fonts.heading}; line-height: 1.2; letter-spacing: -0.01em; }
  a { color: inherit; }
  img, svg { display: block; max-width: 100%; }
  button, input, textarea, select { font: inherit; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  /* Headings receive focus on navigation (for screen readers); no ring for that programmatic focus. */
  [data-route-focus]:focus:not(:focus-visible) { outline: none; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
  }
`;
