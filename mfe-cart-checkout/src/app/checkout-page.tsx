import { useShopStore } from 'shell/store';

export default function CheckoutPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="cart_checkout" data-session-id={sessionId}>
      <h1>Checkout</h1>
    </section>
  );
}
