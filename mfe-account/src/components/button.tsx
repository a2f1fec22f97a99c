import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { theme } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $block?: boolean;
}

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.colors.accent};
    color: #fff;
    &:hover:not(:disabled) {
      background: ${theme.colors.accentHover};
    }
  `,
  secondary: css`
    background: ${theme.colors.surface};
    color: ${theme.colors.brand};
    border-color: ${theme.colors.borderStrong};
    &:hover:not(:disabled) {
      border-color: ${theme.colors.brand};
      background: ${theme.colors.sunken};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.brand};
    &:hover:not(:disabled) {
      background: ${theme.colors.sunken};
    }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: #fff;
    &:hover:not(:disabled) {
      background: #991b1b;
    }
  `,
};

export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  padding: 0 1.125rem;
  border: 1px solid transparent;
  border-radius: ${theme.radiusSmall};
  font: inherit;
  font-size: 0.975rem;
  font-weight: 600;
  line-height: 1;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const Button = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;
