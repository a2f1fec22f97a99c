import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

// The containing block of what is positioned inside (visually hidden text, a cell's pop-up), so the
// box clips it too: otherwise it stretched the page sideways on a phone (the admin's Orders).
const Scroller = styled.div`
  position: relative;
  overflow-x: auto;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow};
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const Table = styled.table`
  width: 100%;
  /* Below this the table scrolls inside its box instead of squeezing every column. */
  min-width: 46rem;
  border-collapse: collapse;
  font-size: 0.925rem;
  caption {
    text-align: left;
  }
  th,
  td {
    padding: 0.75rem 1rem;
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${theme.colors.border};
  }
  thead th {
    background: ${theme.colors.page};
    color: ${theme.colors.muted};
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.05em;
    text-transform: uppercase;
    white-space: nowrap;
  }
  tbody th {
    font-weight: 400;
  }
  tbody th code {
    font-weight: 700;
    white-space: nowrap;
  }
  tbody tr:last-child > * {
    border-bottom: 0;
  }
  tbody tr:hover {
    background: #fbfdff;
  }
  .numeric {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .wrap {
    min-width: 12rem;
    max-width: 16rem;
    overflow-wrap: anywhere;
  }
  .nowrap {
    white-space: nowrap;
  }
  .muted {
    color: ${theme.colors.muted};
    font-size: 0.85rem;
  }
  .actions {
    text-align: right;
    white-space: nowrap;
  }
  .actions > * + * {
    margin-left: 0.375rem;
  }
`;

/**
 * A wide table scrolls sideways inside its own box on small screens (the page never does); the box is
 * focusable and named so keyboard users can scroll it too.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Scroller role="region" aria-label={label} tabIndex={0}>
      {children}
    </Scroller>
  );
}

/** Small text buttons inside table rows. */
export const RowButton = styled.button<{ $tone?: 'danger' }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  min-height: 2.25rem;
  padding: 0 0.75rem;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.brand)};
  font: inherit;
  font-size: 0.85rem;
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    border-color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.brand)};
    background: ${({ $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.sunken)};
  }
  &:disabled {
    color: ${theme.colors.subtle};
    background: ${theme.colors.sunken};
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

export type BadgeTone = 'green' | 'yellow' | 'orange' | 'blue' | 'grey' | 'red' | 'navy';

const tones: Record<BadgeTone, { background: string; color: string }> = {
  green: { background: '#dcfce7', color: '#166534' },
  yellow: { background: '#fef9c3', color: '#854d0e' },
  orange: { background: '#ffedd5', color: '#9a3412' },
  blue: { background: '#dbeafe', color: '#1e40af' },
  grey: { background: '#f1f5f9', color: '#334155' },
  red: { background: '#fee2e2', color: '#991b1b' },
  navy: { background: '#0f2a44', color: '#ffffff' },
};

/** A small label with text (colour is never the only signal); every tone keeps 4.5:1 contrast. */
export const Badge = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: 0.2rem 0.6rem;
  border-radius: 999px;
  background: ${({ $tone }) => tones[$tone].background};
  color: ${({ $tone }) => tones[$tone].color};
  font-size: 0.775rem;
  font-weight: 700;
  line-height: 1.3;
  white-space: nowrap;
`;
