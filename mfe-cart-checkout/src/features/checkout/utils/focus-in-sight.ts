import { TOASTS_BOTTOM_PROPERTY, TOASTS_TOP_PROPERTY } from '@shop/ui';

const GAP_PX = 12;

/**
 * How far down the screen the page is covered: the sticky header (html's scroll-padding-top clears
 * it) and, on a phone, the shown toast under it (docs/product.md section 2: phones show toasts at the
 * top, from medium screens up they are at the bottom). The shell's toaster publishes where the shown
 * toast begins and ends (TOASTS_TOP_PROPERTY, TOASTS_BOTTOM_PROPERTY).
 */
function coveredTop(): number {
  const style = getComputedStyle(document.documentElement);
  const header = parseFloat(style.scrollPaddingTop) || 0;
  const toastTop = parseFloat(style.getPropertyValue(TOASTS_TOP_PROPERTY));
  const toastBottom = parseFloat(style.getPropertyValue(TOASTS_BOTTOM_PROPERTY));
  if (Number.isNaN(toastTop) || Number.isNaN(toastBottom) || toastTop > window.innerHeight / 2)
    return header;
  return Math.max(header, toastBottom + GAP_PX);
}

/** Scrolls the page so that `shown` is below what covers the top of the screen, when it is not. */
function reveal(shown: HTMLElement) {
  const top = coveredTop();
  const box = shown.getBoundingClientRect();
  if (box.top >= top && box.bottom <= window.innerHeight) return;
  window.scrollBy({ top: box.top - top, behavior: 'instant' });
}

/**
 * Focuses a form field and keeps it (`shown`: its label, box, hint and message) on screen below what
 * covers the top of the page, while it has the focus: focus() alone scrolls only when the box is off
 * screen, so a field under the toast that says what is wrong stayed under it. The toast may come a
 * moment later (the shell loads its toaster with the first toast) or grow: the field is brought
 * below it then. Returns a cleanup that stops watching.
 */
export function focusInSight(field: HTMLElement, shown: HTMLElement = field): () => void {
  field.focus({ preventScroll: true });
  reveal(shown);
  if (typeof MutationObserver === 'undefined') return () => {};
  const root = document.documentElement;
  const observer = new MutationObserver(() => {
    if (document.activeElement === field) reveal(shown);
  });
  observer.observe(root, { attributes: true, attributeFilter: ['style'] });
  const stop = () => {
    observer.disconnect();
    field.removeEventListener('blur', stop);
  };
  field.addEventListener('blur', stop);
  return stop;
}
