import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const WAIT_FOR_HEADING_MS = 5000;

function focusWithoutScroll(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.setAttribute('data-route-focus', '');
  element.focus({ preventScroll: true });
}

/**
 * After a route change, moves focus to the new page's main heading, so keyboard and screen-reader users
 * start on the new page instead of the link they left. A remote's page may render its heading a little
 * later (after it loads), so the heading is waited for (unless the shopper moves focus meanwhile); if
 * none comes, main itself gets focus. A #fragment (such as /#contact) focuses that section instead. A
 * new page starts at the top; back and forward leave the scroll position to the browser's own
 * restoration. The first page load keeps the browser's own behaviour.
 */
export function useRouteFocus(mainId: string): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const key = `${pathname}${hash}`;
    if (previous.current === null || previous.current === key) {
      previous.current = key;
      return;
    }
    previous.current = key;

    const main = document.getElementById(mainId);
    if (!main) return;

    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        focusWithoutScroll(target);
        return;
      }
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);

    // A remote's skeleton may draw the page's heading too (remote-slot.tsx, data-skeleton); the page
    // replaces it when it arrives, so focus waits for the page's own.
    const heading = () =>
      [...main.querySelectorAll<HTMLElement>('h1')].find((h1) => !h1.closest('[data-skeleton]'));
    const found = heading();
    if (found) {
      focusWithoutScroll(found);
      return;
    }
    // If the shopper moves focus themselves while the page loads, their choice wins.
    const onFocusIn = () => done();
    document.addEventListener('focusin', onFocusIn);
    const observer = new MutationObserver(() => {
      const late = heading();
      if (late) {
        done();
        focusWithoutScroll(late);
      }
    });
    const timer = window.setTimeout(() => {
      done();
      focusWithoutScroll(main);
    }, WAIT_FOR_HEADING_MS);
    function done() {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return done;
  }, [pathname, hash, mainId, navigationType]);
}
