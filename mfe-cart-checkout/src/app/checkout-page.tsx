import styled from 'styled-components';
import { linesTooSmallToEngrave } from '@shop/contracts/asset-tag-terms';
import { isValidZipOrPostalCode, zipStateProblem } from '@shop/contracts/checkout-options';
import { apiErrorMessage, toast, useShopStore } from 'shell/store';
import { useCart } from '../api/get-cart';
import { useCartDiscount } from '../features/cart/hooks/use-cart-discount';
import { ErrorPanel, LoadingPanel } from '../components/load-state';
import { RemotePage } from '../components/remote-page';
import { useShippingEstimate } from '../features/checkout/api/estimate-shipping';
import { useCheckoutQuote } from '../features/checkout/api/get-checkout-quote';
import { saveCheckoutDetailsToProfile } from '../features/checkout/api/save-profile';
import { useCartWithTax } from '../features/checkout/api/get-cart-with-tax';
import { CardPayment } from '../features/checkout/components/card-payment';
import { CheckoutSummary } from '../features/checkout/components/checkout-summary';
import { ContactForm } from '../features/checkout/components/contact-form';
import { NoItems } from '../features/checkout/components/no-items';
import { useCardForm } from '../features/checkout/hooks/use-card-form';
import { useCheckoutForm } from '../features/checkout/hooks/use-checkout-form';
import { usePlaceOrder } from '../features/checkout/hooks/use-place-order';
import { CHECKOUT_PAGE_TOP, fromLarge, useDebouncedValue } from '@shop/ui';

// Phones: what is being bought (folded to its total), then the details, then the card. Large
// screens: the summary beside both.
const Layout = styled.div`
  display: grid;
  gap: 1.25rem;
  align-items: start;
  grid-template-areas: 'summary' 'contact' 'payment';
  ${fromLarge} {
    grid-template-columns: minmax(0, 1fr) 24rem;
    grid-template-areas: 'contact summary' 'payment summary';
    grid-template-rows: auto 1fr;
    gap: 1.5rem 2rem;
  }
  & > [data-area='contact'] {
    grid-area: contact;
  }
  & > [data-area='summary'] {
    grid-area: summary;
    align-self: stretch;
  }
  & > [data-area='payment'] {
    grid-area: payment;
  }
`;

const ZIP_SETTLE_MS = 400;

/** `cart_checkout/CheckoutPage`, the shop's /checkout. */
export default function CheckoutPage() {
  const cart = useCart();
  const form = useCheckoutForm();
  const typedZip = useDebouncedValue(form.values.zipCode.trim(), ZIP_SETTLE_MS);
  // A ZIP in another state than the State is refused when the order is placed (docs/product.md
  // section 5): the summary quotes no tax or shipping for it, only says why.
  const zipMismatch = zipStateProblem({ state: form.values.state, zipCode: typedZip });
  const zip = zipMismatch ? '' : typedZip;
  const items = cart.data?.items ?? [];
  const hasItems = items.length > 0;
  // Lines whose text is too small to engrave get a proof: skipping it is not offered.
  const proofRequired = linesTooSmallToEngrave(items);

  const taxed = useCartWithTax(zip);
  const taxKnown =
    isValidZipOrPostalCode(zip) && taxed.data !== undefined && !taxed.isPlaceholderData;
  const shownCart = (taxKnown ? taxed.data : undefined) ?? cart.data;
  const shipping = useShippingEstimate(items, zip);
  const quoted = useCheckoutQuote(zip, cart.data?.itemCount ?? 0);
  // The exact amount, only for the ZIP now in the field and the cart as it is.
  const quote =
    quoted.data && !quoted.isFetching && zip === form.values.zipCode.trim() ? quoted.data : null;
  const quoteError =
    quoted.isError && !quoted.isFetching
      ? (apiErrorMessage(quoted.error) ?? 'Please try again.')
      : null;
  // A code the cart no longer takes (switched off, expired, used up) is said here too, and taken off.
  const { droppedMessage } = useCartDiscount(cart.data);
  const cardForm = useCardForm(hasItems);
  const setUser = useShopStore((s) => s.setUser);
  const { placeOrder, processing, failure } = usePlaceOrder({
    cart: shownCart,
    card: cardForm.card,
    expectedTotal: quote?.total ?? null,
    afterPaid: form.saveToProfile
      ? async ({ customerInfo }) => {
          // The order is paid whatever happens here: a failed save is told, never a failed order.
          try {
            const user = await saveCheckoutDetailsToProfile(customerInfo);
            setUser(user);
            toast({ title: 'Address saved', description: 'Your profile has the new address.' });
          } catch {
            toast({
              title: 'Address not saved',
              description: 'Your order is placed, but your profile could not be updated.',
              variant: 'destructive',
              // Told on the way to the confirmation, where it is still true.
              outlivesPage: true,
            });
          }
        }
      : undefined,
  });

  async function pay() {
    const checkout = await form.submit();
    if (checkout)
      await placeOrder(proofRequired.length > 0 ? { ...checkout, skipProof: false } : checkout);
  }

  return (
    // The introduction asks for details and a payment below: with nothing to pay for, the page says only
    // that (NoItems), not what it does not offer.
    <RemotePage
      title={CHECKOUT_PAGE_TOP.title}
      intro={cart.data && !hasItems ? undefined : CHECKOUT_PAGE_TOP.intro}
    >
      {!cart.data || !shownCart ? (
        cart.isError ? (
          <ErrorPanel message="Failed to fetch cart" onRetry={() => void cart.refetch()} />
        ) : (
          <LoadingPanel label="Loading your order" />
        )
      ) : !hasItems ? (
        <NoItems />
      ) : (
        <Layout>
          <div data-area="summary">
            <CheckoutSummary
              cart={shownCart}
              shipping={shipping}
              taxKnown={taxKnown}
              quote={quote}
              quoteError={quoteError}
              addressProblem={zipMismatch}
              droppedDiscount={droppedMessage}
            />
          </div>
          <div data-area="contact">
            <ContactForm
              values={form.values}
              errors={form.errors}
              disabled={processing}
              onChange={form.setValue}
              onLeave={form.leaveField}
              registerField={form.registerField}
              onSubmit={pay}
              proofRequired={proofRequired}
              saveOffer={
                form.offerSave
                  ? { checked: form.saveToProfile, onChange: form.setSaveToProfile }
                  : undefined
              }
            />
          </div>
          <div data-area="payment">
            <CardPayment
              cardForm={cardForm}
              processing={processing}
              failure={failure}
              total={quote?.total ?? null}
            />
          </div>
        </Layout>
      )}
    </RemotePage>
  );
}
