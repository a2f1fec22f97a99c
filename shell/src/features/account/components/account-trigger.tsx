import styled from 'styled-components';
import { fromMedium, theme } from '@shop/ui';

/** The header's account button, signed out (Sign In) and signed in (the menu's trigger). */
export const AccountTrigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  min-width: 2.75rem;
  justify-content: center;
  padding: 0 0.25rem;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  color: ${theme.colors.brand};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    border-color: ${theme.colors.brand};
    background: ${theme.colors.sunken};
  }
  &[data-state='open'] {
    border-color: ${theme.colors.brand};
  }
  .label,
  .chevron {
    display: none;
  }
  ${fromMedium} {
    padding: 0 0.875rem;
    .chevron {
      display: block;
    }
    .label {
      display: inline;
      max-width: 10rem;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
  }
`;
