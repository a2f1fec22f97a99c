/**
 * `?access=` on an API call or link: the guest link's token, passed on as it came in the page's
 * address (none for the order's signed-in owner).
 */
export function withAccess(path: string, access: string | null): string {
  if (!access) return path;
  return `${path}${path.includes('?') ? '&' : '?'}access=${encodeURIComponent(access)}`;
}
