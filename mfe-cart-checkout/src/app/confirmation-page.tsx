import { useShopStore } from 'shell/store';

export default function ConfirmationPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="cart_checkout" data-session-id={sessionId}>
      <h1>Confirmation</h1>
    </section>
  );
}
