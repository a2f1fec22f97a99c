import { Fragment } from 'react';

/**
 * An email address that, when it must wrap, wraps after the @ or before a dot (not in the middle of a
 * word): "walker@" / "example.com", or "example" / ".com" when even the domain does not fit, so no
 * line ends in a dot that reads as a sentence's end. Browsers keep the text and the accessible name
 * whole; jsdom's name computation reads each <wbr> as a space.
 */
export function BreakableEmail({ email }: { email: string }) {
  // Each piece after the first starts after an "@" or with a ".".
  const pieces = email.split(/(?<=@)|(?=\.)/).filter(Boolean);
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
