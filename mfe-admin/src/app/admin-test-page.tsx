import { useShopStore } from 'shell/store';

export default function AdminTestPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="admin" data-session-id={sessionId}>
      <h1>Admin Test</h1>
    </section>
  );
}
