import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { EMPTY_CART } from '@shop/contracts/empty-cart';
import { joinedAddress } from '@shop/contracts/checkout-options';
import type { CustomerInfo, CreatedOrder } from '@shop/contracts';
import {
  apiErrorMessage,
  apiErrorStatus,
  cartQueryKey,
  ordersQueryKey,
  setCartAnswer,
  toast,
  useShopStore,
} from 'shell/store';
import { readAgain } from '@shop/ui/read-again';
import type { Cart } from '../../../api/get-cart';
import { completePayment } from '../api/complete-payment';
import { createOrder } from '../api/create-order';
import { checkoutSchemas, isSchemaError } from '../api/checkout-schemas';
import { tokenizeErrorMessage, type PaymentCard } from '../utils/payments-sdk';

/** docs/product.md section 9: the wait between tokenizing the card and completing the payment. */
export const PAYMENT_SETTLE_MS = 2000;

export const PAYMENT_ERROR = {
  title: 'Payment Error',
  description: 'There was an issue processing your payment. Please try again.',
} as const;
export const PAYMENT_FAILED_TITLE = 'Payment Failed';
export const PAYMENT_FAILED_DEFAULT = 'Payment processing failed. Please try again.';
export const TOKENIZATION_FAILED = 'Payment tokenization failed';

class TokenizationError extends Error {}

export interface Checkout {
  customerInfo: CustomerInfo;
  notes: string | null;
  /** "Skip the proof, engrave as shown": the paid order goes straight to processing. */
  skipProof?: boolean;
}

export interface PaymentFailure {
  title: string;
  description: string;
}

/**
 * What to tell the shopper: the provider's or the API's own reason (a declined card, a discount that
 * ran out) as 'Payment Failed'; something unexpected (no connection, a server fault) as the general
 * 'Payment Error'.
 */
export function paymentFailureOf(error: unknown): PaymentFailure {
  if (error instanceof TokenizationError)
    return { title: PAYMENT_FAILED_TITLE, description: error.message };
  const reason = apiErrorMessage(error);
  if (reason) return { title: PAYMENT_FAILED_TITLE, description: reason };
  if (apiErrorStatus(error) !== undefined || error instanceof TypeError || isSchemaError(error))
    return { ...PAYMENT_ERROR };
  const message = error instanceof Error ? error.message.trim() : '';
  return { title: PAYMENT_FAILED_TITLE, description: message || PAYMENT_FAILED_DEFAULT };
}

/** What an order was made from: the same cart and details on a retry reuse the order already made. */
function fingerprintOf(cart: Cart, checkout: Checkout): string {
  return JSON.stringify({
    items: cart.items.map((item) => [item.id, item.quantity, item.totalPrice]),
    discount: cart.discount?.code ?? null,
    checkout,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PlaceOrderOptions {
  cart: Cart | undefined;
  card: PaymentCard | null;
  /** The total the page shows (its quote): the order is refused if the cart now makes another. */
  expectedTotal?: number | null;
  settleMs?: number;
  /** Runs once the payment succeeded, before the confirmation page (saving details to the profile). */
  afterPaid?: (checkout: Checkout) => Promise<void>;
}

/**
 * The checkout (docs/product.md section 4): create the order, tokenize the card, wait 2 seconds, complete the
 * payment, refresh the cart, keep the order for the confirmation page and go there. A declined card
 * leaves the cart as it was; paying again reuses the order made for it.
 */
export function usePlaceOrder({
  cart,
  card,
  expectedTotal = null,
  settleMs = PAYMENT_SETTLE_MS,
  afterPaid,
}: PlaceOrderOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const busy = useRef(false);
  const placed = useRef<{ fingerprint: string; order: CreatedOrder } | null>(null);

  async function placeOrder(checkout: Checkout): Promise<void> {
    if (busy.current) return;
    if (!card || !cart) {
      setFailure({ ...PAYMENT_ERROR });
      toast({ ...PAYMENT_ERROR, variant: 'destructive' });
      return;
    }
    busy.current = true;
    setProcessing(true);
    setFailure(null);
    try {
      const fingerprint = fingerprintOf(cart, checkout);
      const order =
        placed.current?.fingerprint === fingerprint
          ? placed.current.order
          : await createOrder({
              ...checkout,
              ...(expectedTotal === null ? {} : { expectedTotal }),
            });
      placed.current = { fingerprint, order };

      const tokenized = await card.tokenize();
      if (tokenized.status !== 'OK')
        throw new TokenizationError(tokenizeErrorMessage(tokenized) ?? TOKENIZATION_FAILED);
      await wait(settleMs);

      const { customerInfo: info } = checkout;
      const paid = await completePayment({
        orderId: order.orderId,
        paymentId: tokenized.token,
        customerName: `${info.firstName} ${info.lastName}`,
        customerEmail: info.email,
        customerPhone: info.phone,
        customerCompany: info.company,
        customerAddress: joinedAddress(info),
        customerZipCode: info.zipCode,
      });

      placed.current = null;
      await afterPaid?.(checkout);
      const { saveLastOrder } = await checkoutSchemas();
      saveLastOrder({
        orderId: paid.orderId,
        orderNumber: paid.orderNumber,
        total: paid.total,
        email: info.email,
        skipProof: checkout.skipProof === true,
        signedIn: useShopStore.getState().user !== null,
        details: {
          firstName: info.firstName,
          lastName: info.lastName,
          phone: info.phone,
          company: info.company,
          address: joinedAddress(info),
          zipCode: info.zipCode,
        },
      });
      // The checkout's quote and cart with tax (queries under the cart's key) are of a cart that is
      // gone: dropped first, not asked again of a server whose cart is now empty (a 400 in the
      // console after every payment).
      queryClient.removeQueries({
        predicate: ({ queryKey }) => queryKey[0] === cartQueryKey[0] && queryKey.length > 1,
      });
      // A paid order empties the cart on the server; the cart query says so at once (the header's
      // badge follows it), and is read again below to confirm.
      setCartAnswer(EMPTY_CART);
      navigate(`/confirmation/${encodeURIComponent(paid.orderId)}`);
      void queryClient.invalidateQueries({ queryKey: cartQueryKey, exact: true });
      // A signed-in customer's order history holds the new order next time it is shown.
      void readAgain(ordersQueryKey);
    } catch (error) {
      console.warn('Checkout failed', error);
      const told = paymentFailureOf(error);
      setFailure(told);
      toast({ ...told, variant: 'destructive' });
      // Refused for what the cart holds (a code switched off, the cart changed in another tab, or
      // emptied): the page reads the cart and its quote again, which say what changed.
      const status = apiErrorStatus(error);
      if (status !== undefined && status >= 400 && status < 500) void readAgain(cartQueryKey);
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }

  return { placeOrder, processing, failure };
}
