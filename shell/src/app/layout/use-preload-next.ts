import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { preloadLikelyNext } from '../../lib/remotes';

/** The mark the budget tests measure "interactive" by: the first page has rendered and its effects run. */
export const INTERACTIVE_MARK = 'shop:interactive';

/** After each page is shown, fetches the remotes of the pages a shopper most likely opens next. */
export function usePreloadNext(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (performance.getEntriesByName(INTERACTIVE_MARK).length === 0)
      performance.mark(INTERACTIVE_MARK);
    preloadLikelyNext(pathname);
  }, [pathname]);
}
