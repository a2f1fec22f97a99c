import { Badge, VisuallyHidden } from '@shop/ui';

const statusTone = { processing: 'yellow', shipped: 'blue', completed: 'green' } as const;

function capitalised(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'Unknown';
}

/** Processing yellow, shipped blue, completed green, any other grey (SPEC.md section 4). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge $tone={statusTone[status as keyof typeof statusTone] ?? 'grey'} data-status={status}>
      <VisuallyHidden>Status: </VisuallyHidden>
      {capitalised(status)}
    </Badge>
  );
}

export function PaymentBadge({ status }: { status: string }) {
  if (status === 'paid') return <Badge $tone="green">Paid</Badge>;
  if (status === 'charging') return <Badge $tone="yellow">Charging</Badge>;
  return <Badge $tone="grey">Unpaid</Badge>;
}
