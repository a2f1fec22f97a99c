import { useShopStore } from 'shell/store';

export default function AccountMenu() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="account" data-session-id={sessionId}>
      <h1>Account Menu</h1>
    </section>
  );
}
