import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useShopStore } from '../../store/session';
import {
  Container,
  CloseIcon,
  MenuIcon,
  ShopMark,
  VisuallyHidden,
  fromMedium,
  theme,
} from '@shop/ui';
import { AccountButton } from '../../features/account/components/account-button';
import { CartLink } from '../../features/cart-summary/components/cart-link';
import { useHydrated } from '../../lib/use-hydrated';
import { shopName as configuredShopName } from '../../lib/runtime-config';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.layers.header};
  background: rgb(255 255 255 / 0.96);
  border-bottom: 1px solid ${theme.colors.border};
  backdrop-filter: saturate(180%) blur(8px);
`;

const Bar = styled(Container)`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: ${theme.header.bar};
  ${fromMedium} {
    gap: 1rem;
  }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-width: 0;
  margin-right: auto;
  text-decoration: none;
  color: ${theme.colors.brand};
  svg {
    flex: none;
  }
  span {
    display: grid;
    min-width: 0;
    line-height: 1.15;
  }
  strong {
    font-size: 1rem;
    letter-spacing: -0.01em;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  ${fromMedium} {
    gap: 0.625rem;
    strong {
      font-size: 1.0625rem;
    }
  }
  small {
    display: none;
    font-size: 0.75rem;
    color: ${theme.colors.muted};
    font-weight: 500;
  }
  @media (min-width: 480px) {
    small {
      display: block;
    }
  }
`;

const DesktopNav = styled.nav`
  display: none;
  ${fromMedium} {
    display: block;
  }
  ul {
    display: flex;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const NavItem = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 2.75rem;
  padding: 0 0.75rem;
  border-radius: ${theme.radiusSmall};
  color: ${theme.colors.muted};
  font-weight: 600;
  font-size: 0.95rem;
  text-decoration: none;
  &:hover {
    color: ${theme.colors.brand};
    background: ${theme.colors.sunken};
  }
  &[aria-current='page'] {
    color: ${theme.colors.brand};
    box-shadow: inset 0 -2px 0 ${theme.colors.accent};
    border-radius: 0;
  }
`;

const Actions = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  gap: 0.25rem;
  ${fromMedium} {
    gap: 0.625rem;
  }
`;

const MenuButton = styled.button`
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 0;
  border-radius: ${theme.radiusSmall};
  background: transparent;
  color: ${theme.colors.brand};
  cursor: pointer;
  touch-action: manipulation;
  &:hover:enabled {
    background: ${theme.colors.sunken};
  }
  &:disabled {
    cursor: default;
  }
  ${fromMedium} {
    display: none;
  }
`;

const MobileNav = styled.nav`
  border-top: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  ${fromMedium} {
    display: none;
  }
  ul {
    margin: 0;
    padding: 0.5rem 1.25rem 1rem;
    list-style: none;
  }
  a {
    display: flex;
    align-items: center;
    min-height: 3rem;
    padding: 0 0.5rem;
    border-bottom: 1px solid ${theme.colors.sunken};
    color: ${theme.colors.ink};
    font-weight: 600;
    text-decoration: none;
  }
  li:last-child a {
    border-bottom: 0;
  }
  a[aria-current='page'] {
    color: ${theme.colors.accent};
  }
`;

function useNavItems() {
  const signedIn = useShopStore((s) => s.user !== null);
  return [
    { to: '/', label: 'Home', end: true },
    { to: '/products', label: 'Products' },
    { to: '/cart', label: 'Cart' },
    { to: '/contact', label: 'Contact' },
    ...(signedIn ? [{ to: '/orders', label: 'Orders' }] : []),
  ];
}

export function SiteHeader() {
  const shopName = configuredShopName();
  const items = useNavItems();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // The prerendered page's menu button does nothing until the app runs: until then it says so.
  const hydrated = useHydrated();

  // The mobile menu closes when a link in it is followed.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <Header>
      <Bar>
        {/* Named by what it shows (WCAG 2.5.3, label in name): the shop's name, the tagline where
            it is drawn (from 480 px), then "home" for screen readers only. */}
        <Brand to="/">
          <ShopMark size={32} />
          <span>
            <strong>{shopName}</strong>
            <small>Custom equipment labels &amp; signs</small>
            <VisuallyHidden>, home</VisuallyHidden>
          </span>
        </Brand>
        <DesktopNav aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavItem to={item.to} end={item.end}>
                  {item.label}
                </NavItem>
              </li>
            ))}
          </ul>
        </DesktopNav>
        <Actions>
          <CartLink />
          <AccountButton />
          <MenuButton
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            disabled={!hydrated}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          </MenuButton>
        </Actions>
      </Bar>
      <MobileNav id="mobile-menu" aria-label="Main" hidden={!menuOpen}>
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} onClick={() => setMenuOpen(false)}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </MobileNav>
    </Header>
  );
}
