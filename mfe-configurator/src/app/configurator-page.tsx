import { useShopStore } from 'shell/store';

export default function ConfiguratorPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="configurator" data-session-id={sessionId}>
      <h1>Configurator</h1>
    </section>
  );
}
