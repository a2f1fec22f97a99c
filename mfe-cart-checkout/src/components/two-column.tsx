import styled from 'styled-components';
import { fromLarge } from '@shop/ui';

/** Main content and a summary column beside it on large screens; stacked on phones. */
export const TwoColumn = styled.div`
  display: grid;
  gap: 1.25rem;
  align-items: start;
  ${fromLarge} {
    grid-template-columns: minmax(0, 1fr) 23rem;
    gap: 2rem;
  }
`;
