import { useEffect } from 'react';

export const SHOP_TITLE = 'Custom Engraved Equipment Labels';

/** Names the browser tab after the page, so history, tabs and screen readers say where the shopper is. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${SHOP_TITLE}` : SHOP_TITLE;
  }, [pageTitle]);
}
