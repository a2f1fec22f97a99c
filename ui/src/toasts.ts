// Where the shell's toasts are, for what keeps clear of them (dialogs, a field brought into view):
// constants without the dialog's code, so a remote that needs only these does not load Radix's dialog.

/**
 * Where the shown toast ends, from the top of the screen (set by the shell's toaster while one is
 * shown). Phones show toasts at the top, over dialogs (docs/product.md section 2): a dialog there keeps
 * below it, so the toast of the dialog's own failure does not hide its title, close button or fields.
 */
export const TOASTS_BOTTOM_PROPERTY = '--shop-toasts-bottom';

/**
 * Where the shown toast begins, from the top of the screen (set by the shell's toaster with
 * TOASTS_BOTTOM_PROPERTY). From medium screens up toasts show at the bottom right: a dialog there
 * keeps above it, so the toast of the dialog's own failure does not cover its buttons (docs/product.md
 * section 2).
 */
export const TOASTS_TOP_PROPERTY = '--shop-toasts-top';

/**
 * Marks the shell's toasts (its toaster's box, a child of the page's body). A toast shown over an open
 * dialog stays usable: its buttons take clicks and focus (F8 reaches it), and an Escape pressed on it
 * closes the toast, not the dialog.
 */
export const TOASTS_ATTRIBUTE = 'data-shop-toasts';
