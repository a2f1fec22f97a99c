import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { theme } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'md' | 'lg';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
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
  inverse: css`
    background: transparent;
    color: #fff;
    border-color: rgb(255 255 255 / 0.55);
    &:hover:not(:disabled) {
      background: rgb(255 255 255 / 0.1);
      border-color: #fff;
    }
  `,
};

/** Shared look of buttons and button-like links. */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: ${({ $size }) => ($size === 'lg' ? '3.25rem' : '2.75rem')};
  padding: 0 ${({ $size }) => ($size === 'lg' ? '1.75rem' : '1.125rem')};
  border: 1px solid transparent;
  border-radius: ${theme.radiusSmall};
  font-size: ${({ $size }) => ($size === 'lg' ? '1.0625rem' : '0.975rem')};
  font-weight: 600;
  line-height: 1;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    transform 120ms ease;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &:active:not(:disabled) {
    transform: translateY(1px);
  }
`;

export const Button = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonAnchor = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;
