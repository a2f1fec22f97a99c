import styled from 'styled-components';
import { fromMedium, theme } from '@shop/ui';

/** A white card that groups one part of a page (the item list, a form, the order summary). */
export const Panel = styled.section`
  min-width: 0;
  padding: 1.25rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow};
  ${fromMedium} {
    padding: 1.5rem;
  }
`;

export const PanelTitle = styled.h2`
  margin: 0 0 1rem;
  font-size: 1.125rem;
  font-weight: 700;
  color: ${theme.colors.ink};
`;
