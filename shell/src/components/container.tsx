import styled from 'styled-components';
import { fromMedium, theme } from './theme';

/** The page's content column. */
export const Container = styled.div`
  width: 100%;
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 0 1.25rem;
  ${fromMedium} {
    padding: 0 2rem;
  }
`;

/** Text only screen readers read. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
