import styled from 'styled-components';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contracts/orders';
import { Badge, type BadgeTone } from './table';
import { VisuallyHidden } from './visually-hidden';

// Processing yellow, shipped blue, completed green, any other (awaiting proof, cancelled, ...) grey
// (docs/product.md section 4); the status is written out, so colour is never the only signal.
const statusTone: Record<string, { tone: BadgeTone; dot: string }> = {
  processing: { tone: 'yellow', dot: '#ca8a04' },
  shipped: { tone: 'blue', dot: '#2563eb' },
  completed: { tone: 'green', dot: '#16a34a' },
};
const otherStatus = { tone: 'grey', dot: '#64748b' } as const;

const StatusBadge = styled(Badge)<{ $dot: string }>`
  gap: 0.375rem;
  &::before {
    content: '';
    flex: none;
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 999px;
    background: ${({ $dot }) => $dot};
  }
`;

function statusLabel(status: string): string {
  if (status in ORDER_STATUS_LABELS) return ORDER_STATUS_LABELS[status as OrderStatus];
  return status ? status[0]!.toUpperCase() + status.slice(1) : 'Unknown';
}

/**
 * An order's status as the customer's order pages and the admin's order lists show it. `label`
 * words a state the status alone does not tell (the customer's "Revising proof"); the tone stays the
 * status's.
 */
export function OrderStatusBadge({ status, label }: { status: string; label?: string }) {
  const { tone, dot } = statusTone[status] ?? otherStatus;
  return (
    <StatusBadge $tone={tone} $dot={dot} data-status={status}>
      <VisuallyHidden>Status: </VisuallyHidden>
      {label ?? statusLabel(status)}
    </StatusBadge>
  );
}
