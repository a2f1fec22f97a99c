import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { ButtonLink, theme, Card } from '@shop/ui';

const Box = styled(Card)`
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  padding: 3rem 1.5rem;
  text-align: center;
  h2 {
    outline: none;
    margin: 0;
    font-size: 1.375rem;
    color: ${theme.colors.ink};
  }
  p {
    margin: 0 0 0.5rem;
    max-width: 28rem;
    color: ${theme.colors.muted};
  }
`;

const Icon = styled.svg`
  width: 3.5rem;
  height: 3.5rem;
  color: ${theme.colors.borderStrong};
`;

/** `focusHeading`: the cart was just emptied on this page, so its heading takes the focus. */
export function EmptyCart({ focusHeading = false }: { focusHeading?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <Box aria-labelledby="empty-cart-title" data-testid="empty-cart">
      <Icon
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <path
          d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.25" />
        <circle cx="17" cy="20" r="1.25" />
      </Icon>
      <h2 id="empty-cart-title" ref={heading} tabIndex={-1}>
        Your cart is empty
      </h2>
      <p>Configure a custom engraved label, see its price instantly, and add it to your cart.</p>
      <ButtonLink to="/products" $size="lg">
        Configure a Label
      </ButtonLink>
    </Box>
  );
}
