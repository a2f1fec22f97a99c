import { Badge } from '@shop/ui';

/**
 * What happened to the money: Paid green, Refunded grey (all of it given back), Partly refunded
 * orange, Charging yellow, anything else Unpaid in grey. The order's status is the kit's
 * OrderStatusBadge.
 */
export function PaymentBadge({
  order,
}: {
  order: { paymentStatus: string; total: number; refunded: number };
}) {
  if (order.paymentStatus === 'paid') {
    if (order.refunded > 0 && order.refunded >= order.total)
      return <Badge $tone="grey">Refunded</Badge>;
    if (order.refunded > 0) return <Badge $tone="orange">Partly refunded</Badge>;
    return <Badge $tone="green">Paid</Badge>;
  }
  if (order.paymentStatus === 'charging') return <Badge $tone="yellow">Charging</Badge>;
  return <Badge $tone="grey">Unpaid</Badge>;
}
