import styled from 'styled-components';
import { focusRing, theme } from './theme';

/** Form parts shared by the configurator's sections: label, inputs, hint and error text. */
export const Label = styled.label`
  display: block;
  margin-bottom: 0.375rem;
  font-weight: 600;
  font-size: 0.9375rem;
  color: ${theme.colors.ink};
`;

const control = `
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${theme.colors.control};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  font-size: 1rem;
  &:hover { border-color: ${theme.colors.subtle}; }
  &:focus-visible { ${focusRing} border-color: ${theme.colors.focus}; }
  &[aria-invalid='true'] { border-color: ${theme.colors.danger}; }
`;

export const Input = styled.input`
  ${control}
`;

export const TextArea = styled.textarea`
  ${control}
  min-height: 6rem;
  resize: vertical;
  line-height: 1.5;
`;

export const Hint = styled.p`
  margin: 0.375rem 0 0;
  font-size: 0.875rem;
  color: ${theme.colors.muted};
`;

export const FieldError = styled.p`
  margin: 0.375rem 0 0;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${theme.colors.danger};
`;
