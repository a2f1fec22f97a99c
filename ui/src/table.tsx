import { useLayoutEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from './theme';
import { visuallyHidden } from './visually-hidden';

/** Below this width a list whose region asks for cards shows one card per row (`TableRegion`). */
const CARDS_BELOW = '46rem';

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
  &[data-narrow='cards'] {
    container: table-region / inline-size;
  }
`;

export const Table = styled.table`
  width: 100%;
  /* Below this the table scrolls inside its box instead of squeezing every column. */
  min-width: ${CARDS_BELOW};
  border-collapse: collapse;
  font-size: 0.925rem;
  caption {
    text-align: left;
  }
  th,
  td {
    padding: 0.75rem;
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
  /* A row's buttons wrap one under another rather than push the table past its box. */
  .actions {
    text-align: right;
  }
  .actions > * {
    margin: 0.125rem 0;
  }
  .actions > * + * {
    margin-left: 0.375rem;
  }
  /* One card per row: the row's heading, then each cell under its column's name (data-label). */
  @container table-region (width < ${CARDS_BELOW}) {
    min-width: 0;
    &,
    tbody,
    tr,
    th,
    td {
      display: block;
    }
    thead {
      ${visuallyHidden}
    }
    tbody tr {
      padding: 0.875rem 1rem;
      border-bottom: 1px solid ${theme.colors.border};
    }
    tbody tr > *,
    tbody tr > .wrap,
    tbody tr > .nowrap,
    tbody tr > .numeric {
      position: relative;
      max-width: none;
      min-width: 0;
      min-height: 1.75rem;
      padding: 0.25rem 0;
      border-bottom: 0;
      white-space: normal;
    }
    tbody tr > [data-label] {
      padding-left: 40%;
    }
    tbody tr > *,
    tbody tr > .numeric,
    tbody tr > [data-label]::before {
      text-align: left;
    }
    tbody tr > [data-label]::before {
      content: attr(data-label);
      position: absolute;
      top: 0.3rem;
      left: 0;
      width: calc(40% - 0.75rem);
      color: ${theme.colors.muted};
      font-size: 0.75rem;
      font-weight: 700;
      letter-spacing: 0.05em;
      text-transform: uppercase;
      overflow-wrap: anywhere;
    }
    /* A value left blank (no state yet) shows no card line at all. */
    tbody tr > td:empty {
      display: none;
    }
    tbody tr > th[scope='row'] {
      padding: 0 0 0.375rem;
      font-size: 1rem;
    }
    tbody tr > th[scope='row']::before,
    tbody tr > .actions::before {
      content: none;
    }
    tbody tr > .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
      padding: 0.625rem 0 0;
    }
    .actions > * + * {
      margin-left: 0;
    }
  }
`;

/**
 * Names each body cell after its column (`data-label`, the cards' labels) and gives each part of the
 * table its role: a table drawn as blocks is then still read as a table by every screen reader.
 */
function labelCells(region: HTMLElement) {
  for (const table of region.querySelectorAll('table')) {
    table.setAttribute('role', 'table');
    const columns = [...table.querySelectorAll<HTMLTableCellElement>('thead th')].flatMap(
      (header) => {
        header.setAttribute('role', 'columnheader');
        return Array<string>(header.colSpan).fill(header.textContent?.trim() ?? '');
      },
    );
    for (const group of table.querySelectorAll('thead, tbody'))
      group.setAttribute('role', 'rowgroup');
    for (const row of table.querySelectorAll<HTMLTableRowElement>('tr')) {
      row.setAttribute('role', 'row');
      if (row.parentElement?.tagName !== 'TBODY') continue;
      let column = 0;
      for (const cell of row.cells) {
        cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
        const name = cell.colSpan === 1 ? columns[column] : undefined;
        if (name) cell.setAttribute('data-label', name);
        else cell.removeAttribute('data-label');
        column += cell.colSpan;
      }
    }
  }
}

/**
 * A wide table scrolls sideways inside its own box on small screens (the page never does); the box is
 * focusable and named so keyboard users can scroll it too. With `narrow="cards"` (the admin's lists,
 * whose rows end in actions) a narrow box shows one card per row instead, each value under its
 * column's name: a phone sees every column and every action without scrolling sideways.
 */
export function TableRegion({
  label,
  narrow = 'scroll',
  children,
}: {
  label: string;
  narrow?: 'scroll' | 'cards';
  children: ReactNode;
}) {
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = region.current;
    if (narrow !== 'cards' || !element) return;
    labelCells(element);
    // Rows added or headers renamed later (the next page, a refetch) are named too. Attributes are
    // not among the changes observed, so naming the cells does not call itself again.
    const observer = new MutationObserver(() => labelCells(element));
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [narrow]);
  return (
    <Scroller ref={region} role="region" aria-label={label} tabIndex={0} data-narrow={narrow}>
      {children}
    </Scroller>
  );
}

/** One column of a table's head: its title, or its title and `numeric` for right-aligned figures. */
export type TableColumn = string | { label: string; numeric?: boolean };

/**
 * A table's head row: a column header per title, in order, and an "Actions" header last when each row
 * ends in actions. On a phone's cards (`TableRegion`) each cell is named after its column's header.
 */
export function TableHead({
  columns,
  actions = false,
}: {
  columns: readonly TableColumn[];
  actions?: boolean;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, numeric } =
            typeof column === 'string' ? { label: column, numeric: false } : column;
          return (
            <th key={label} scope="col" className={numeric ? 'numeric' : undefined}>
              {label}
            </th>
          );
        })}
        {actions && (
          <th scope="col" className="actions">
            Actions
          </th>
        )}
      </tr>
    </thead>
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
  &:hover:not(:disabled):not([aria-disabled='true']) {
    border-color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.brand)};
    background: ${({ $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.sunken)};
  }
  &:disabled,
  &[aria-disabled='true'] {
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
  background: ${({ $tone }) => tones[$tone].background};
  color: ${({ $tone }) => tones[$tone].color};
  font-size: 0.775rem;
  font-weight: 700;
  line-height: 1.3;
  /* A long status ("Awaiting proof approval") wraps in a narrow column rather than overflow it. */
  border-radius: 0.75rem;
`;
