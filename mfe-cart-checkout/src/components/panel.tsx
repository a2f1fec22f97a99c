import styled from 'styled-components';
import { fromMedium, tokens } from '../lib/theme';

/** A white card that groups one part of a page (the item list, a form, the order summary). */
export const Panel = styled.section`
  min-width: 0;
  padding: 1.25rem;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  background: ${tokens.colors.surface};
  box-shadow: ${tokens.shadow};
  ${fromMedium} {
    padding: 1.5rem;
  }
`;

export const PanelTitle = styled.h2`
  margin: 0 0 1rem;
  font-size: 1.125rem;
  font-weight: 700;
  color: ${tokens.colors.ink};
`;
