/** The 404 page's mark: rendered for any path the app has no route for. */
export const NOT_FOUND_RENDER_PATH = '/404';

/**
 * Whether the page's prerendered markup (#root's data-prerendered, src/prerender/page-html.ts) is this
 * path's page, so the browser hydrates it. The server answers an unknown path with the 404 page (status
 * 404, never kept by the service worker), which is that path's page too.
 */
export function hydratesHere(prerendered: string | undefined, pathname: string): boolean {
  if (!prerendered || prerendered === 'skeleton') return false;
  return prerendered === pathname || prerendered === NOT_FOUND_RENDER_PATH;
}
