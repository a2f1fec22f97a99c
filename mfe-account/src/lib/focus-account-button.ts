/**
 * The shell header's account button once a customer is signed in (shell's AccountMenu trigger,
 * marked data-account-menu; named "{initials} {first name}, account menu for {name}"). It replaces the Sign In button that opened the auth dialog, so the
 * dialog cannot hand focus back to its opener: it would fall to <body> and the next Tab would
 * restart at the skip link.
 */
export const SIGNED_IN_ACCOUNT_BUTTON = 'header button[data-account-menu]';

/** How long to wait for the header to draw the signed-in button (its menu is a lazy chunk). */
const WAIT_MS = 5000;

/**
 * After signing in or creating an account: moves focus to the header's account button as soon as
 * it is on the page, unless focus went somewhere on its own meanwhile (then it is left there).
 */
export function focusAccountButtonWhenShown(doc: Document = document): () => void {
  const until = Date.now() + WAIT_MS;
  let frame = 0;
  const step = () => {
    const active = doc.activeElement;
    // The dialog gives focus up as it closes; until then (or once the customer moved it on their
    // own) it is not taken.
    const lost = !active || active === doc.body;
    const closing = active?.closest('[role="dialog"]') != null;
    const button = doc.querySelector<HTMLElement>(SIGNED_IN_ACCOUNT_BUTTON);
    if (lost && button) {
      button.focus();
      return;
    }
    if (!lost && !closing) return;
    if (Date.now() < until) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
