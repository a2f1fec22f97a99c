import { useShopStore } from 'shell/store';

export function DebugSessionPage() {
  const state = useShopStore();
  return (
    <section>
      <h1>Debug session</h1>
      <pre>{JSON.stringify({ user: state.user, sessionId: state.sessionId }, null, 2)}</pre>
    </section>
  );
}
