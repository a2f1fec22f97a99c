import styled, { css } from 'styled-components';
import { focusRing, theme } from './theme';

type Variant = 'primary' | 'secondary' | 'quiet';

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.colors.accent};
    border-color: ${theme.colors.accent};
    color: #fff;
    &:hover:not(:disabled) {
      background: ${theme.colors.accentHover};
      border-color: ${theme.colors.accentHover};
    }
  `,
  secondary: css`
    background: ${theme.colors.surface};
    border-color: ${theme.colors.borderStrong};
    color: ${theme.colors.brand};
    &:hover:not(:disabled) {
      background: ${theme.colors.sunken};
    }
  `,
  quiet: css`
    background: transparent;
    border-color: transparent;
    color: ${theme.colors.brand};
    &:hover:not(:disabled) {
      background: ${theme.colors.sunken};
    }
  `,
};

export const Button = styled.button<{ $variant?: Variant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0 1.125rem;
  border: 1px solid transparent;
  border-radius: ${theme.radiusSmall};
  font-weight: 650;
  font-size: 0.975rem;
  line-height: 1.2;
  cursor: pointer;
  touch-action: manipulation;
  transition:
    background-color 120ms ease,
    border-color 120ms ease;
  ${({ $variant = 'primary' }) => variants[$variant]}
  ${({ $block }) => $block && 'width: 100%;'}
  &:focus-visible {
    ${focusRing}
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;
