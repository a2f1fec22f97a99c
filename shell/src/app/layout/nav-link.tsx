import type { AnchorHTMLAttributes } from 'react';
import { Link, useLocation } from 'wouter';

interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Active only on this exact path (Home), not on the paths under it. */
  end?: boolean;
}

/**
 * A header link marked `aria-current="page"` while its page (or, without `end`, a page under it) is
 * shown: the header's active style keys on that attribute, and screen readers announce it.
 */
export function NavLink({ to, end = false, ...props }: NavLinkProps) {
  const [path] = useLocation();
  const active = path === to || (!end && path.startsWith(`${to}/`));
  return <Link to={to} aria-current={active ? 'page' : undefined} {...props} />;
}
