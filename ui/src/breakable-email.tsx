import { Fragment } from 'react';

/**
 * An email address that, when it must wrap, wraps after the @ or after a dot (not in the middle of a
 * word): "walker@" / "example.com", or "example." / "com" when even the domain does not fit. Browsers
 * keep the text and the accessible name whole; jsdom's name computation reads each <wbr> as a space.
 */
export function BreakableEmail({ email }: { email: string }) {
  // Each piece ends with the "@" or "." after which a line may break.
  const pieces = email.match(/[^@.]*(?:[@.]|$)/g)?.filter(Boolean) ?? [email];
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
