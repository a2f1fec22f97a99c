import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useShopStore } from '../../../store/session';
import { CartIcon, countOf, theme } from '@shop/ui';

const CartAnchor = styled(Link)`
  position: relative;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${theme.radiusSmall};
  color: ${theme.colors.brand};
  &:hover {
    background: ${theme.colors.sunken};
  }
`;

const Badge = styled.span`
  position: absolute;
  top: 0.125rem;
  right: 0.0625rem;
  min-width: 1.25rem;
  height: 1.25rem;
  padding: 0 0.3rem;
  border-radius: 999px;
  border: 2px solid ${theme.colors.surface};
  background: ${theme.colors.accent};
  color: #fff;
  font-size: 0.6875rem;
  font-weight: 700;
  line-height: 1rem;
  text-align: center;
  box-sizing: border-box;
  &[data-count='0'],
  &[data-count=''] {
    background: ${theme.colors.muted};
  }
`;

/** "Cart, 33 labels": what the cart link is called, its count named as the cart page names it. */
function cartLabel(itemCount: number): string {
  return itemCount === 0 ? 'Cart, empty' : `Cart, ${countOf(itemCount, 'label')}`;
}

/**
 * The cart icon with the count of labels, read from the federated store (any remote's change shows at once).
 * Until the cart has been read (and in the prerendered page) the badge is there, empty: no count is
 * claimed, and the number arrives without moving anything.
 */
export function CartLink() {
  const itemCount = useShopStore((s) => s.cart.itemCount);
  const known = useShopStore((s) => s.cartChecked);
  return (
    <CartAnchor to="/cart" aria-label={known ? cartLabel(itemCount) : 'Cart'}>
      <CartIcon size={24} />
      <Badge aria-hidden="true" data-testid="cart-badge" data-count={known ? itemCount : ''}>
        {known ? (itemCount > 99 ? '99+' : itemCount) : ''}
      </Badge>
    </CartAnchor>
  );
}
