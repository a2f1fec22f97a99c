import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import styled from 'styled-components';
import type { AuthDialogProps } from '@shop/contracts';
import { useShopStore } from 'shell/store';
import { Dialog, DialogDescription, DialogTitle, theme } from '@shop/ui';
import { CreateAccountForm } from './create-account-form';
import { SignInForm } from './sign-in-form';
import { focusAccountButtonWhenShown } from '../../../lib/focus-account-button';

type AuthTab = AuthDialogProps['tab'];

const TabList = styled(Tabs.List)`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.25rem;
  margin-bottom: 1.25rem;
  padding: 0.25rem;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.sunken};
`;

const TabTrigger = styled(Tabs.Trigger)`
  min-height: 2.5rem;
  padding: 0 0.5rem;
  border: 0;
  white-space: nowrap;
  border-radius: calc(${theme.radiusSmall} - 0.125rem);
  background: transparent;
  color: ${theme.colors.muted};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    color: ${theme.colors.brand};
  }
  &[data-state='active'] {
    background: ${theme.colors.surface};
    color: ${theme.colors.brand};
    box-shadow: 0 1px 2px rgb(15 23 42 / 0.12);
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
`;

const copy: Record<AuthTab, { title: string; description: string }> = {
  'sign-in': {
    title: 'Welcome back',
    description: 'Sign in to see your order history and check out faster.',
  },
  'create-account': {
    title: 'Create your account',
    description: 'Save your details for checkout and keep track of every order.',
  },
};

/**
 * Sign In and Create Account in one dialog. The shell renders it and owns whether it is open (the
 * store's authDialog); without props (the remote's own page) it reads the store itself.
 */
export function AuthDialog(props: Partial<AuthDialogProps>) {
  const store = useShopStore((s) => s.authDialog);
  const closeAuthDialog = useShopStore((s) => s.closeAuthDialog);
  const sessionId = useShopStore((s) => s.sessionId);
  const open = props.open ?? store.open;
  const requestedTab = props.tab ?? store.tab;
  const onOpenChange =
    props.onOpenChange ?? ((next: boolean) => (next ? undefined : closeAuthDialog()));

  // The tab asked for applies each time the dialog opens; inside, the customer switches freely.
  const [activeTab, setActiveTab] = useState<AuthTab>(requestedTab);
  const [lastRequest, setLastRequest] = useState({ open, tab: requestedTab });
  if (lastRequest.open !== open || lastRequest.tab !== requestedTab) {
    setLastRequest({ open, tab: requestedTab });
    if (open) setActiveTab(requestedTab);
  }

  const close = () => onOpenChange(false);
  // Signed in, the header's Sign In (the dialog's opener) is replaced by the account button: focus
  // goes there, so a keyboard or screen-reader user lands on the outcome, not on <body>.
  const signedIn = () => {
    close();
    focusAccountButtonWhenShown();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} width="32rem">
      <div data-remote="account" data-session-id={sessionId}>
        <DialogTitle>{copy[activeTab].title}</DialogTitle>
        <DialogDescription>{copy[activeTab].description}</DialogDescription>
        <Tabs.Root value={activeTab} onValueChange={(value) => setActiveTab(value as AuthTab)}>
          <TabList aria-label="Account">
            <TabTrigger value="sign-in">Sign In</TabTrigger>
            <TabTrigger value="create-account">Create Account</TabTrigger>
          </TabList>
          {/* Each panel starts with a field, so Tab from the tabs goes there: the panels are no
              stop of their own (WAI-ARIA's tabs pattern). */}
          <Tabs.Content value="sign-in" tabIndex={-1}>
            <SignInForm onSignedIn={signedIn} />
          </Tabs.Content>
          <Tabs.Content value="create-account" tabIndex={-1}>
            <CreateAccountForm onRegistered={signedIn} prefill={store.prefill} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </Dialog>
  );
}
