// Where focus goes back to when a dialog closes: a module of its own, so the shell's header takes it
// without the dialog (Radix), which its pages download only when a dialog first opens.

/**
 * The place to give focus back to once a dialog opened from `opener` closes, remembered as it opens:
 * the opener while it is on the page. A menu's item is gone once its menu closed, and the menu's
 * button (the element the menu is labelled by, as Radix's menus are) takes its place.
 */
export function rememberOpener(opener: HTMLElement | null): () => HTMLElement | null {
  const menuLabel = opener?.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const menuButton = menuLabel ? document.getElementById(menuLabel) : null;
  return () => (opener?.isConnected ? opener : menuButton?.isConnected ? menuButton : null);
}
