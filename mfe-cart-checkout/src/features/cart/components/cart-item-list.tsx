import { Card, CardTitle, countOf, lineName, theme } from '@shop/ui';
import { useRef } from 'react';
import styled from 'styled-components';
import type { DiscountRemoved } from '@shop/contracts';
import type { CartItem } from '../../../api/get-cart';
import { CartItemCard } from './cart-item-card';

const Title = styled(CardTitle)`
  outline: none;
  span {
    font-weight: 500;
    color: ${theme.colors.muted};
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

interface CartItemListProps {
  items: CartItem[];
  onDiscountRemoved(dropped: DiscountRemoved | undefined): void;
  /** The last line was removed: the list gives way to the empty cart, which takes the focus. */
  onEmptied(): void;
}

export function CartItemList({ items, onDiscountRemoved, onEmptied }: CartItemListProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const labels = items.reduce((sum, item) => sum + item.quantity, 0);
  const names = items.map((item) => lineName(item.productConfig));
  const shared = (name: string) => names.indexOf(name) !== names.lastIndexOf(name);
  return (
    <Card aria-labelledby="cart-items-title">
      <Title id="cart-items-title" ref={headingRef} tabIndex={-1}>
        Items{' '}
        <span>
          ({countOf(items.length, 'line')}, {countOf(labels, 'label')})
        </span>
      </Title>
      <List>
        {items.map((item, index) => (
          <CartItemCard
            key={item.id}
            item={item}
            lineNumber={shared(names[index]!) ? index + 1 : undefined}
            onRemoved={() => (items.length === 1 ? onEmptied() : headingRef.current?.focus())}
            onDiscountRemoved={onDiscountRemoved}
          />
        ))}
      </List>
    </Card>
  );
}
