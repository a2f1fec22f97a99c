import styled from 'styled-components';
import { theme } from '@shop/ui';

/** Which discount the cart no longer takes, and why ("SAVE5 was removed. ..."), on the cart and checkout summaries. */
export const DroppedDiscount = styled.p`
  margin: 0;
  padding: 0.625rem 0.75rem;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accentHover};
  font-size: 0.9rem;
  /* A code of up to 50 characters in one word breaks where it must, not past a phone's screen. */
  overflow-wrap: anywhere;
`;
