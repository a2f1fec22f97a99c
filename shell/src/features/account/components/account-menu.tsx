import { useRef, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { ShopUser } from '@shop/contracts';
import { ChevronDownIcon, theme, VisuallyHidden } from '@shop/ui';
import { RemoteDialogSlot } from '../../../components/remote-dialog-slot';
import { useSignOut } from '../api/sign-out';
import { AccountTrigger } from './account-trigger';

const Initials = styled.span`
  display: grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 999px;
  background: ${theme.colors.brand};
  color: #fff;
  font-size: 0.75rem;
  letter-spacing: 0.02em;
`;

const Menu = styled(DropdownMenu.Content)`
  z-index: ${theme.layers.menu};
  min-width: 14rem;
  padding: 0.375rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadowRaised};
`;

const MenuLabel = styled(DropdownMenu.Label)`
  padding: 0.5rem 0.75rem 0.625rem;
  font-size: 0.875rem;
  color: ${theme.colors.muted};
  strong {
    display: block;
    color: ${theme.colors.ink};
    font-size: 0.95rem;
  }
  span {
    overflow-wrap: anywhere;
  }
`;

const Item = styled(DropdownMenu.Item)`
  display: flex;
  align-items: center;
  min-height: 2.5rem;
  padding: 0 0.75rem;
  border-radius: ${theme.radiusSmall};
  font-size: 0.95rem;
  color: ${theme.colors.ink};
  cursor: pointer;
  outline: none;
  &[data-highlighted] {
    background: ${theme.colors.sunken};
    color: ${theme.colors.brand};
  }
`;

const Separator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: 0.375rem 0;
  background: ${theme.colors.border};
`;

function initialsOf(firstName: string, lastName: string, email: string): string {
  const initials = `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}`.toUpperCase();
  return initials || (email[0] ?? '?').toUpperCase();
}

/**
 * The signed-in shopper's menu: My Account, Order History, Admin Panel (admins only), Change Password,
 * Sign Out. `onSignedOut` is called as Sign Out succeeds, before the menu gives way to Sign In.
 */
export function AccountMenu({ user, onSignedOut }: { user: ShopUser; onSignedOut?(): void }) {
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  const navigate = useNavigate();
  const signOut = useSignOut({ onSignedOut });
  // Change Password's opener is the menu's item, gone once the menu closed: focus comes back here.
  const triggerRef = useRef<HTMLButtonElement>(null);
  // An item that opens another page leaves focus to the page change (its heading gets it, see
  // use-route-focus.ts) instead of the menu handing it back to its button.
  const leaving = useRef(false);
  const go = (path: string) => {
    leaving.current = true;
    navigate(path);
  };

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          {/* Named by what it shows (WCAG 2.5.3, label in name): the initials on a phone, then the
              first name, so "click AL" works for a voice-control user; the rest is read only. */}
          <AccountTrigger ref={triggerRef} type="button" data-account-menu="">
            <Initials>{initialsOf(user.firstName ?? '', user.lastName ?? '', user.email)}</Initials>
            <span className="label">{user.firstName || 'Account'}</span>
            <VisuallyHidden>, account menu for {name}</VisuallyHidden>
            <ChevronDownIcon size={16} className="chevron" />
          </AccountTrigger>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <Menu
            align="end"
            sideOffset={8}
            onCloseAutoFocus={(event) => {
              if (leaving.current) event.preventDefault();
              leaving.current = false;
            }}
          >
            <MenuLabel>
              <strong>{name}</strong>
              <span>{user.email}</span>
            </MenuLabel>
            <Separator />
            <Item onSelect={() => go('/account')}>My Account</Item>
            <Item onSelect={() => go('/orders')}>Order History</Item>
            {user.isAdmin && <Item onSelect={() => go('/admin')}>Admin Panel</Item>}
            <Item onSelect={() => setChangePasswordOpen(true)}>Change Password</Item>
            <Separator />
            <Item onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
              Sign Out
            </Item>
          </Menu>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <RemoteDialogSlot
        module="account/ChangePasswordDialog"
        open={changePasswordOpen}
        onOpenChange={setChangePasswordOpen}
        returnFocusTo={triggerRef}
        unavailableTitle="Change Password is unavailable right now"
        unavailableText="Please try again in a few minutes."
      />
    </>
  );
}
