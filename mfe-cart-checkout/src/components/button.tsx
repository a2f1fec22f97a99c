import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { tokens } from '../lib/theme';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger-ghost';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: 'sm' | 'md' | 'lg';
  $block?: boolean;
}

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${tokens.colors.accent};
    color: #fff;
    &:hover:not(:disabled) {
      background: ${tokens.colors.accentHover};
    }
  `,
  secondary: css`
    background: ${tokens.colors.surface};
    color: ${tokens.colors.brand};
    border-color: ${tokens.colors.borderStrong};
    &:hover:not(:disabled) {
      border-color: ${tokens.colors.brand};
      background: ${tokens.colors.sunken};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${tokens.colors.brand};
    &:hover:not(:disabled) {
      background: ${tokens.colors.sunken};
    }
  `,
  'danger-ghost': css`
    background: transparent;
    color: ${tokens.colors.danger};
    &:hover:not(:disabled) {
      background: ${tokens.colors.dangerSoft};
    }
  `,
};

const heights = { sm: '2.25rem', md: '2.75rem', lg: '3.25rem' } as const;

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  min-height: ${({ $size = 'md' }) => heights[$size]};
  padding: 0
    ${({ $size = 'md' }) => ($size === 'lg' ? '1.5rem' : $size === 'sm' ? '0.625rem' : '1.125rem')};
  border: 1px solid transparent;
  border-radius: ${tokens.radiusSmall};
  font: inherit;
  font-size: ${({ $size = 'md' }) => ($size === 'lg' ? '1.0625rem' : $size === 'sm' ? '0.875rem' : '0.975rem')};
  font-weight: 600;
  line-height: 1.1;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

export const Button = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;
