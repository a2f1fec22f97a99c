import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CloseIcon } from './icons';
import { theme } from './theme';

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 60;
  background: rgb(15 23 42 / 0.55);
`;

const Content = styled(RadixDialog.Content)`
  position: fixed;
  z-index: 61;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(28rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  overflow: auto;
  padding: 1.5rem;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadowRaised};
  &:focus {
    outline: none;
  }
`;

const Title = styled(RadixDialog.Title)`
  margin: 0 2rem 0.5rem 0;
  font-size: 1.25rem;
`;

const Description = styled(RadixDialog.Description)`
  margin: 0;
  color: ${theme.colors.muted};
`;

const Close = styled(RadixDialog.Close)`
  position: absolute;
  top: 0.75rem;
  right: 0.75rem;
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: ${theme.colors.muted};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.sunken};
    color: ${theme.colors.ink};
  }
`;

interface MessageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  children?: ReactNode;
}

/** A small accessible dialog (focus trapped, Escape closes, named by its title) for the shell's own messages. */
export function MessageDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: MessageDialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content>
          <Title>{title}</Title>
          <Description>{description}</Description>
          {children}
          <Close aria-label="Close">
            <CloseIcon />
          </Close>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
