import { useShopStore } from 'shell/store';

export default function AuthDialog() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="account" data-session-id={sessionId}>
      <h1>Auth Dialog</h1>
    </section>
  );
}
