import { useShopStore } from 'shell/store';

export default function AdminSimplePage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="admin" data-session-id={sessionId}>
      <h1>Admin Simple</h1>
    </section>
  );
}
