import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing, theme, cardSurface } from '@shop/ui';

const Box = styled.section`
  ${cardSurface}
`;

const Heading = styled.h2`
  margin: 0;
  font-size: 1.0625rem;
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  width: 100%;
  min-height: 3.25rem;
  padding: 0.75rem 1.25rem;
  border: 0;
  border-radius: ${theme.radius};
  background: transparent;
  color: ${theme.colors.brand};
  font: inherit;
  font-weight: 700;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.sunken};
  }
  &:focus-visible {
    ${focusRing}
  }
  svg {
    flex: none;
    transition: transform 150ms ease;
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;

const Body = styled.div`
  padding: 0 1.25rem 1.25rem;
`;

interface CollapsibleProps {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
}

/** A section whose heading is a disclosure button. */
export function Collapsible({ title, children, defaultOpen = false }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <Box>
      <Heading>
        <Toggle
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {title}
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M5 7.5l5 5 5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Toggle>
      </Heading>
      <Body id={bodyId} hidden={!open}>
        {children}
      </Body>
    </Box>
  );
}
