import { reorderNoticeSchema } from '@shop/contracts/orders-answers';
import { useLocation } from 'react-router-dom';
import { Notice, formatDollars } from '@shop/ui';

/**
 * After "Order again" (the account remote navigates here with the answer in the history state): which
 * order went into the cart, which prices changed since, and which artwork is no longer on file.
 */
export function ReorderNotice() {
  const state: unknown = useLocation().state;
  const parsed = reorderNoticeSchema.safeParse(
    state && typeof state === 'object' ? (state as { reorder?: unknown }).reorder : undefined,
  );
  if (!parsed.success) return null;
  const { orderNumber, added, priceChanges, missingArtwork } = parsed.data;
  const changed = priceChanges.length > 0;
  return (
    <Notice
      $tone={changed || missingArtwork.length > 0 ? 'warning' : 'success'}
      role="status"
      data-testid="reorder-notice"
    >
      <strong>
        {added === 1 ? '1 line' : `${added} lines`} from order #{orderNumber} added to your cart
        {changed ? ' at today’s prices' : ''}.
      </strong>
      {changed ? (
        <ul aria-label="Price changes">
          {priceChanges.map((change) => (
            <li key={change.orderLineId}>
              {change.description}: {formatDollars(change.unitPrice)} each now (was{' '}
              {formatDollars(change.orderedUnitPrice)})
            </li>
          ))}
        </ul>
      ) : (
        <p>Prices are the same as when you ordered.</p>
      )}
      {missingArtwork.length > 0 && (
        <p>
          No longer on file, so not attached:{' '}
          {missingArtwork.map((file) => file.originalName).join(', ')}. Upload it again with the
          label in the configurator if you need it.
        </p>
      )}
    </Notice>
  );
}
