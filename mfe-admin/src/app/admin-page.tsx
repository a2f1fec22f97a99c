import { useShopStore } from 'shell/store';

export default function AdminPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="admin" data-session-id={sessionId}>
      <h1>Admin</h1>
    </section>
  );
}
