import type { ReactNode } from 'react';
import styled from 'styled-components';
import { visuallyHidden, focusRing, theme } from '@shop/ui';

const Card = styled.span<{ $layout: 'stack' | 'row' }>`
  position: relative;
  display: flex;
  flex-direction: ${({ $layout }) => ($layout === 'row' ? 'row' : 'column')};
  align-items: ${({ $layout }) => ($layout === 'row' ? 'center' : 'stretch')};
  gap: ${({ $layout }) => ($layout === 'row' ? '0.625rem' : '0.25rem')};
  height: 100%;
  padding: ${({ $layout }) => ($layout === 'row' ? '0.625rem 2.5rem 0.625rem 0.75rem' : '0.875rem 1rem')};
  border: 1.5px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  cursor: pointer;
  transition:
    border-color 120ms ease,
    box-shadow 120ms ease,
    background-color 120ms ease;
`;

const Check = styled.span<{ $layout: 'stack' | 'row' }>`
  position: absolute;
  top: ${({ $layout }) => ($layout === 'row' ? 'calc(50% - 0.625rem)' : '0.75rem')};
  right: 0.75rem;
  width: 1.25rem;
  height: 1.25rem;
  border: 2px solid ${theme.colors.control};
  border-radius: 999px;
  background: ${theme.colors.surface};
`;

const Wrapper = styled.label`
  position: relative;
  display: block;
  input {
    ${visuallyHidden}
  }
  &:hover ${Card} {
    border-color: ${theme.colors.subtle};
  }
  input:focus-visible + ${Card} {
    ${focusRing}
  }
  input:checked + ${Card} {
    border-color: ${theme.colors.accent};
    background: ${theme.colors.accentSoft};
    box-shadow: 0 0 0 1px ${theme.colors.accent};
  }
  input:checked + ${Card} ${Check} {
    border-color: ${theme.colors.accent};
    background: radial-gradient(circle, ${theme.colors.accent} 0 45%, ${theme.colors.surface} 50%);
  }
`;

interface RadioCardProps {
  name: string;
  value: string;
  checked: boolean;
  onChange(value: string): void;
  children: ReactNode;
  describedBy?: string;
  /** Stacked content (a card) or one row (a compact choice). */
  layout?: 'stack' | 'row';
  /** The group's one Tab stop (0) or not (-1); unset, the browser decides. */
  tabIndex?: 0 | -1;
}

/**
 * A card that is a native radio button underneath: one tab stop per group, arrow keys move between the
 * choices, and screen readers announce "radio button, checked, 2 of 3".
 */
export function RadioCard({
  name,
  value,
  checked,
  onChange,
  children,
  describedBy,
  layout = 'stack',
  tabIndex,
}: RadioCardProps) {
  return (
    <Wrapper>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={describedBy}
        tabIndex={tabIndex}
      />
      <Card $layout={layout}>
        <Check aria-hidden="true" $layout={layout} />
        {children}
      </Card>
    </Wrapper>
  );
}
