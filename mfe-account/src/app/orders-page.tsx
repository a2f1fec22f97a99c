import { useShopStore } from 'shell/store';

export default function OrdersPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="account" data-session-id={sessionId}>
      <h1>Orders</h1>
    </section>
  );
}
