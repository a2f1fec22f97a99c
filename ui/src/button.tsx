import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { fromSmall, theme } from './theme';

export type ButtonVariant =
  'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-ghost' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  /** Full width of its container. */
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
      background: ${theme.colors.dangerHover};
    }
  `,
  'danger-ghost': css`
    background: transparent;
    color: ${theme.colors.danger};
    &:hover:not(:disabled) {
      background: ${theme.colors.dangerSoft};
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

const sizes: Record<
  ButtonSize,
  { height: string; padding: string; fontSize: string; phoneHeight?: string }
> = {
  // On a phone a small button is still a 44 px target (2.75rem, as tall as md); it is compact from
  // the small breakpoint up, where a pointer is the likelier hand.
  sm: { height: '2.25rem', phoneHeight: '2.75rem', padding: '0.625rem', fontSize: '0.875rem' },
  md: { height: '2.75rem', padding: '1.125rem', fontSize: '0.975rem' },
  lg: { height: '3.25rem', padding: '1.75rem', fontSize: '1.0625rem' },
};

/** The look of buttons and button-like links, for a control the kit does not wrap. */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: ${({ $size = 'md' }) => sizes[$size].phoneHeight ?? sizes[$size].height};
  ${fromSmall} {
    min-height: ${({ $size = 'md' }) => sizes[$size].height};
  }
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  /* The vertical padding and line height matter only when the words wrap (a long label on a phone):
     one line stays within min-height. */
  padding: 0.375rem ${({ $size = 'md' }) => sizes[$size].padding};
  border: 1px solid transparent;
  border-radius: ${theme.radiusSmall};
  font: inherit;
  font-size: ${({ $size = 'md' }) => sizes[$size].fontSize};
  font-weight: 600;
  line-height: 1.25;
  text-decoration: none;
  cursor: pointer;
  touch-action: manipulation;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    transform 120ms ease;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &:active:not(:disabled):not([aria-disabled='true']) {
    transform: translateY(1px);
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * A button whose call is under way: it says so (aria-disabled) and ignores presses (a submit button
 * submits nothing), but keeps the keyboard's focus, which a disabled button drops on the page's body
 * (the next Enter then does nothing, the next Tab starts over).
 */
export function busyProps(busy: boolean) {
  if (!busy) return {};
  return {
    'aria-disabled': true as const,
    onClickCapture(event: MouseEvent) {
      event.preventDefault();
      event.stopPropagation();
    },
  };
}

export const Button = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonAnchor = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;
