import { useEffect } from 'react';

export const SHOP_TITLE = 'Custom Engraved Equipment Labels';

/** The browser tab's title for a page (also written into the prerendered pages, src/prerender). */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} | ${SHOP_TITLE}` : SHOP_TITLE;
}

/** Names the browser tab after the page, so history, tabs and screen readers say where the shopper is. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
