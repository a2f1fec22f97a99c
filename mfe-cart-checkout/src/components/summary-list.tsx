import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@shop/ui';

const List = styled.dl`
  display: grid;
  gap: 0.625rem;
  margin: 0;
`;

const Row = styled.div<{ $total?: boolean; $tone?: 'default' | 'success' | 'muted' }>`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 1rem;
  ${({ $total }) =>
    $total &&
    `padding-top: 0.875rem; margin-top: 0.25rem; border-top: 1px solid ${theme.colors.border};`}
  dt {
    color: ${({ $total }) => ($total ? theme.colors.ink : theme.colors.muted)};
    font-weight: ${({ $total }) => ($total ? 700 : 400)};
    font-size: ${({ $total }) => ($total ? '1.0625rem' : '0.95rem')};
    min-width: 0;
    overflow-wrap: anywhere;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
    font-weight: ${({ $total }) => ($total ? 800 : 600)};
    font-size: ${({ $total }) => ($total ? '1.25rem' : '0.95rem')};
    color: ${({ $tone }) =>
      $tone === 'success'
        ? theme.colors.success
        : $tone === 'muted'
          ? theme.colors.subtle
          : theme.colors.ink};
    /* An amount never breaks ("−" above "$5.00" reads as a charge); a long term wraps instead. */
    ${({ $tone }) =>
      $tone === 'muted' ? 'font-weight: 400; font-style: italic;' : 'white-space: nowrap;'}
  }
`;

export interface SummaryRowProps {
  term: ReactNode;
  children: ReactNode;
  total?: boolean;
  tone?: 'default' | 'success' | 'muted';
  testId?: string;
}

export function SummaryRow({ term, children, total, tone = 'default', testId }: SummaryRowProps) {
  return (
    <Row $total={total} $tone={tone} data-testid={testId}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </Row>
  );
}

export { List as SummaryList };
