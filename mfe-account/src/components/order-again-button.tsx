import { Button, type ButtonSize, type ButtonVariant } from '@shop/ui';
import { useReorder } from '../api/reorder';

/** "Order again" (order page and history): the order's lines into the cart, then to the cart. */
export function OrderAgainButton({
  order,
  access = null,
  variant = 'primary',
  size = 'md',
}: {
  order: { id: string; orderNumber: number };
  access?: string | null;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const reorder = useReorder(order, access);
  return (
    <Button
      type="button"
      $variant={variant}
      $size={size}
      onClick={() => reorder.mutate()}
      disabled={reorder.isPending}
      aria-label={`Order again: order #${order.orderNumber}`}
    >
      {reorder.isPending ? 'Adding to cart…' : 'Order again'}
    </Button>
  );
}
