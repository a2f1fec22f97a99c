/**
 * The shop's design tokens, as the shell uses them. A remote keeps its own copy (it cannot import the
 * shell's source), so it looks the same inside the shell and on its standalone page.
 */
export const theme = {
  colors: {
    ink: '#0f172a',
    muted: '#475569',
    subtle: '#64748b',
    brand: '#0f2a44',
    accent: '#c2410c',
    accentHover: '#9a3412',
    accentSoft: '#fff1e8',
    surface: '#ffffff',
    page: '#f8fafc',
    sunken: '#f1f5f9',
    border: '#e2e8f0',
    borderStrong: '#cbd5e1',
    danger: '#b91c1c',
    dangerSoft: '#fef2f2',
    success: '#15803d',
    focus: '#2563eb',
  },
  radius: '0.75rem',
  radiusSmall: '0.5rem',
  maxWidth: '72rem',
  shadow: '0 1px 2px rgb(15 23 42 / 0.06), 0 4px 12px rgb(15 23 42 / 0.06)',
  shadowRaised: '0 10px 30px rgb(15 23 42 / 0.12)',
} as const;

/** Media query from the medium breakpoint up (tablets and desktops). */
export const fromMedium = '@media (min-width: 768px)';
