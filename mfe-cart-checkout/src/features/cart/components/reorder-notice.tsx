import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ReorderNotice as Reorder } from '@shop/contracts/orders-answers';
import { Notice, formatDollars } from '@shop/ui';
import { cartSchemas } from '../api/cart-schemas';

/**
 * The history state's `reorder`, checked with the contracts' schema (run once it has loaded: the
 * state comes from the browser's history, so it is read as untrusted); null while there is none.
 * Told once: read, it leaves the history entry (the notice stays for this visit), so Back to this
 * page later, or a reload, does not tell of lines that may be paid for or removed by then.
 */
function useReorder(): Reorder | null {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const raw =
    state && typeof state === 'object' ? (state as { reorder?: unknown }).reorder : undefined;
  const [reorder, setReorder] = useState<Reorder | null>(null);
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (raw === undefined) return;
    let current = true;
    cartSchemas().then(
      ({ reorderNoticeSchema }) => {
        if (!current) return;
        const parsed = reorderNoticeSchema.safeParse(raw);
        setReorder(parsed.success ? parsed.data : null);
        void navigate({ pathname, search, hash }, { replace: true, state: null });
      },
      (error: unknown) => console.warn('Could not check the reorder notice', error),
    );
    return () => {
      current = false;
    };
  }, [raw, navigate, pathname, search, hash]);
  return reorder;
}

/**
 * After "Order again" (the account remote navigates here with the answer in the history state): which
 * order went into the cart, which prices changed since, which texts are the proof's and not the
 * ones first ordered (docs/product.md, "Order page"), and which artwork is no longer on file. Told
 * here, where it stays for the visit, not in a toast gone in seconds.
 */
export function ReorderNotice() {
  const reorder = useReorder();
  if (!reorder) return null;
  const { orderNumber, added, priceChanges, missingArtwork, textChanges } = reorder;
  const changed = priceChanges.length > 0;
  return (
    <Notice
      $tone={changed || missingArtwork.length > 0 || textChanges.length > 0 ? 'warning' : 'success'}
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
      {textChanges.length > 0 && (
        <>
          <p>
            {textChanges.length === 1 ? 'This label is' : 'These labels are'} in your cart with the
            text engraved, not the text first ordered:
          </p>
          <ul aria-label="Texts changed on the proof">
            {textChanges.map((change) => (
              <li key={change.orderLineId}>
                “{change.engravedText}” (changed on the proof; ordered as “{change.orderedText}”)
              </li>
            ))}
          </ul>
        </>
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
