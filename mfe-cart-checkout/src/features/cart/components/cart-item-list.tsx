import { Card, CardTitle } from '@shop/ui';
import { useRef } from 'react';
import styled from 'styled-components';
import type { DiscountRemoved } from '@shop/contracts';
import type { CartItem } from '../../../api/get-cart';
import { CartItemCard } from './cart-item-card';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

interface CartItemListProps {
  items: CartItem[];
  onDiscountRemoved(dropped: DiscountRemoved | undefined): void;
}

export function CartItemList({ items, onDiscountRemoved }: CartItemListProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Card aria-labelledby="cart-items-title">
      <CardTitle id="cart-items-title" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        Items <span style={{ fontWeight: 500, color: '#64748b' }}>({count})</span>
      </CardTitle>
      <List>
        {items.map((item) => (
          <CartItemCard
            key={item.id}
            item={item}
            onRemoved={() => headingRef.current?.focus()}
            onDiscountRemoved={onDiscountRemoved}
          />
        ))}
      </List>
    </Card>
  );
}
