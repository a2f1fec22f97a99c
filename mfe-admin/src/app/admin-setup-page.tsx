import { useShopStore } from 'shell/store';

export default function AdminSetupPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="admin" data-session-id={sessionId}>
      <h1>Admin Setup</h1>
    </section>
  );
}
