import { Badge } from '@shop/ui';

/** Paid green, charging yellow, anything else Unpaid in grey (the order's status is the kit's OrderStatusBadge). */
export function PaymentBadge({ status }: { status: string }) {
  if (status === 'paid') return <Badge $tone="green">Paid</Badge>;
  if (status === 'charging') return <Badge $tone="yellow">Charging</Badge>;
  return <Badge $tone="grey">Unpaid</Badge>;
}
