import styled from 'styled-components';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contracts/orders';
import { VisuallyHidden } from '@shop/ui';

// Processing yellow, shipped blue, completed green, anything else grey (docs/product.md section 4); each pair
// keeps at least 4.5:1 contrast, and the status is written out, so colour is never the only signal.
const palette: Record<string, { background: string; color: string; dot: string }> = {
  awaiting_proof: { background: '#ffedd5', color: '#9a3412', dot: '#ea580c' },
  processing: { background: '#fef9c3', color: '#854d0e', dot: '#ca8a04' },
  shipped: { background: '#dbeafe', color: '#1e40af', dot: '#2563eb' },
  completed: { background: '#dcfce7', color: '#166534', dot: '#16a34a' },
  cancelled: { background: '#fee2e2', color: '#991b1b', dot: '#dc2626' },
};
const otherStatus = { background: '#f1f5f9', color: '#334155', dot: '#64748b' };

const Badge = styled.span<{ $background: string; $color: string; $dot: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  padding: 0.25rem 0.625rem;
  border-radius: 999px;
  background: ${({ $background }) => $background};
  color: ${({ $color }) => $color};
  font-size: 0.8rem;
  font-weight: 700;
  line-height: 1.2;
  white-space: nowrap;
  &::before {
    content: '';
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

export function OrderStatusBadge({ status }: { status: string }) {
  const colours = palette[status] ?? otherStatus;
  return (
    <Badge
      $background={colours.background}
      $color={colours.color}
      $dot={colours.dot}
      data-status={status}
    >
      <VisuallyHidden>Status: </VisuallyHidden>
      {statusLabel(status)}
    </Badge>
  );
}
