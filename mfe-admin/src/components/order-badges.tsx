import { Badge, VisuallyHidden } from '@shop/ui';

import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contracts/orders';

const statusTone = {
  awaiting_proof: 'yellow',
  processing: 'yellow',
  shipped: 'blue',
  completed: 'green',
  cancelled: 'red',
} as const;

/** Processing yellow, shipped blue, completed green, cancelled red, any other grey. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge $tone={statusTone[status as keyof typeof statusTone] ?? 'grey'} data-status={status}>
      <VisuallyHidden>Status: </VisuallyHidden>
      {ORDER_STATUS_LABELS[status as OrderStatus] ?? status}
    </Badge>
  );
}

export function PaymentBadge({ status }: { status: string }) {
  if (status === 'paid') return <Badge $tone="green">Paid</Badge>;
  if (status === 'charging') return <Badge $tone="yellow">Charging</Badge>;
  return <Badge $tone="grey">Unpaid</Badge>;
}
