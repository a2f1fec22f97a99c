import styled from 'styled-components';
import { ButtonLink, theme, Card } from '@shop/ui';

const Box = styled(Card)`
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  padding: 3rem 1.5rem;
  text-align: center;
  h2 {
    margin: 0;
    font-size: 1.375rem;
  }
  p {
    margin: 0 0 0.5rem;
    color: ${theme.colors.muted};
  }
`;

export function NoItems() {
  return (
    <Box aria-labelledby="no-items-title" data-testid="checkout-no-items">
      <h2 id="no-items-title">No items in cart</h2>
      <p>Add a custom label to your cart before checking out.</p>
      <ButtonLink to="/products" $size="lg">
        Configure a Label
      </ButtonLink>
    </Box>
  );
}
