import { Link, Navigate, Route, Routes, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import { GlobalStyle, theme } from '@shop/ui';
import CartPage from './cart-page';
import CheckoutPage from './checkout-page';
import ConfirmationPage from './confirmation-page';

// The remote's own page for its team: its three pages under their shop routes, without the shell,
// with the store, query cache and API client still loaded from the shell's store container.

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1.25rem;
  padding: 0.75rem 1.25rem;
  border-bottom: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  strong {
    margin-right: auto;
    color: ${theme.colors.brand};
  }
  a {
    color: ${theme.colors.brand};
    font-weight: 600;
  }
`;

const Toasts = styled.ol`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 100;
  display: grid;
  gap: 0.5rem;
  max-width: 420px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 0.75rem 1rem;
    border-radius: ${theme.radius};
    background: ${theme.colors.brand};
    color: #fff;
  }
  li[data-variant='destructive'] {
    background: ${theme.colors.danger};
  }
  p {
    margin: 0.125rem 0 0;
  }
`;

/** The shell's toasts are not here; a plain list shows what the pages raise. */
function StandaloneToasts() {
  const toasts = useShopStore((s) => s.toasts).filter((t) => t.open);
  return (
    <Toasts aria-live="polite">
      {toasts.map((t) => (
        <li key={t.id} data-variant={t.variant ?? 'default'}>
          <strong>{t.title}</strong>
          {t.description && <p>{t.description}</p>}
        </li>
      ))}
    </Toasts>
  );
}

function ConfirmationRoute() {
  const { orderId = '' } = useParams();
  return <ConfirmationPage orderId={orderId} />;
}

export function StandaloneApp() {
  const itemCount = useShopStore((s) => s.cart.itemCount);
  return (
    <>
      <GlobalStyle />
      <Bar aria-label="Cart and checkout (standalone)">
        <strong>Cart &amp; checkout remote</strong>
        <Link to="/cart">Cart ({itemCount})</Link>
        <Link to="/checkout">Checkout</Link>
      </Bar>
      <main>
        <Routes>
          <Route path="/cart" element={<CartPage />} />
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/confirmation/:orderId" element={<ConfirmationRoute />} />
          <Route path="*" element={<Navigate to="/cart" replace />} />
        </Routes>
      </main>
      <StandaloneToasts />
    </>
  );
}
