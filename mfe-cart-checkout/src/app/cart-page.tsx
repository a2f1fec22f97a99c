import { useShopStore } from 'shell/store';

export default function CartPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="cart_checkout" data-session-id={sessionId}>
      <h1>Cart</h1>
    </section>
  );
}
