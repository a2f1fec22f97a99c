import { useShopStore } from 'shell/store';

export default function ChangePasswordDialog() {
  const sessionId = useShopStore((s) => s.sessionId);
  return (
    <section data-remote="account" data-session-id={sessionId}>
      <h1>Change Password Dialog</h1>
    </section>
  );
}
