import { useState } from 'react';
import { CART_PAGE_TOP } from '@shop/ui';
import { useCart } from '../api/get-cart';
import { ErrorPanel, LoadingPanel } from '../components/load-state';
import { RemotePage } from '../components/remote-page';
import { TwoColumn } from '../components/two-column';
import { CartItemList } from '../features/cart/components/cart-item-list';
import { CartSummary } from '../features/cart/components/cart-summary';
import { EmptyCart } from '../features/cart/components/empty-cart';
import { ReorderNotice } from '../features/cart/components/reorder-notice';
import { useCartDiscount } from '../features/cart/hooks/use-cart-discount';

/** `cart_checkout/CartPage`, the shop's /cart. */
export default function CartPage() {
  const cart = useCart();
  const { droppedMessage, reportDropped } = useCartDiscount(cart.data);
  // The shopper removed the last line: the empty cart's heading takes the focus the Remove had.
  const [emptied, setEmptied] = useState(false);

  return (
    // The introduction is about checking and changing the labels: an empty cart has none (EmptyCart).
    <RemotePage
      title={CART_PAGE_TOP.title}
      intro={cart.data?.items.length === 0 ? undefined : CART_PAGE_TOP.intro}
    >
      {/* "Added to your cart" is told while the cart holds lines: once it is empty (its lines
          removed, or the shopper signed out) it would contradict "Your cart is empty" below, and
          it is not told again. */}
      {cart.data?.items.length === 0 ? null : <ReorderNotice />}
      {!cart.data ? (
        cart.isError ? (
          <ErrorPanel message="Failed to fetch cart" onRetry={() => void cart.refetch()} />
        ) : (
          <LoadingPanel label="Loading your cart" />
        )
      ) : cart.data.items.length === 0 ? (
        <EmptyCart focusHeading={emptied} />
      ) : (
        <TwoColumn>
          <CartItemList
            items={cart.data.items}
            onDiscountRemoved={reportDropped}
            onEmptied={() => setEmptied(true)}
          />
          <CartSummary cart={cart.data} droppedDiscount={droppedMessage} />
        </TwoColumn>
      )}
    </RemotePage>
  );
}
