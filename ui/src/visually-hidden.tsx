import styled, { css } from 'styled-components';

/** Hidden on screen, still read by screen readers (and still focusable when it is a control). */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** Text only screen readers read. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
