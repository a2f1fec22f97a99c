/**
 * The configurator's design tokens: the same values as the shell's theme, held here so the remote looks
 * the same inside the shell and on its own page without importing the shell's source. Every text and
 * background pair used with them meets WCAG AA.
 */
export const theme = {
  colors: {
    ink: '#0f172a',
    muted: '#475569',
    subtle: '#64748b',
    brand: '#0f2a44',
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
} as const;

export const fromSmall = '@media (min-width: 560px)';
export const fromMedium = '@media (min-width: 768px)';
export const fromLarge = '@media (min-width: 1024px)';

/** The keyboard focus ring (a mouse click shows none). */
export const focusRing = `
  outline: 3px solid ${theme.colors.focus};
  outline-offset: 2px;
`;
