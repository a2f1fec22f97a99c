/**
 * An email address that, when it must wrap, wraps after the @ (not in the middle of a word), as the
 * shell's BreakableEmail does (shell/src/components/breakable-email.tsx, which a remote cannot
 * import). Browsers keep the accessible name whole; jsdom's name computation reads the <wbr> as a
 * space.
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
