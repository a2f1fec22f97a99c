import { NavLink, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useShopStore } from 'shell/store';

const Header = styled.header`
  background: #0f2a44;
  color: #fff;
  nav { max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem; display: flex; gap: 1rem; align-items: center; }
  a { color: #fff; text-decoration: none; font-weight: 600; }
  a.active { text-decoration: underline; }
`;

export function Layout() {
  const itemCount = useShopStore((s) => s.cart.itemCount);
  const signedIn = useShopStore((s) => s.user !== null);
  return (
    <>
      <Header>
        <nav aria-label="Main">
          <NavLink to="/" end>Home</NavLink>
          <NavLink to="/products">Products</NavLink>
          <NavLink to="/cart">Cart</NavLink>
          <NavLink to="/contact">Contact</NavLink>
          {signedIn && <NavLink to="/orders">Orders</NavLink>}
          <span aria-label={`Cart items: ${itemCount}`} data-testid="cart-badge">{itemCount}</span>
        </nav>
      </Header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
