import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import { ChevronDownIcon, UserIcon } from '../../../components/icons';
import { RemoteDialogSlot } from '../../../components/remote-dialog-slot';
import { fromMedium, theme } from '../../../components/theme';
import { useSignOut } from '../api/sign-out';

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  min-width: 2.75rem;
  justify-content: center;
  padding: 0 0.625rem;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  color: ${theme.colors.brand};
  font-weight: 600;
  cursor: pointer;
  &:hover { border-color: ${theme.colors.brand}; background: ${theme.colors.sunken}; }
  &[data-state='open'] { border-color: ${theme.colors.brand}; }
  .label { display: none; }
  ${fromMedium} {
    padding: 0 0.875rem;
    .label { display: inline; max-width: 10rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  }
`;

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
  z-index: 50;
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
  strong { display: block; color: ${theme.colors.ink}; font-size: 0.95rem; }
  span { overflow-wrap: anywhere; }
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
  &[data-highlighted] { background: ${theme.colors.sunken}; color: ${theme.colors.brand}; }
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
 * Signed out: Sign In, which opens the account remote's auth dialog. Signed in: the account menu
 * (Order History, Admin Panel for admins, Change Password, Sign Out).
 */
export function AccountButton() {
  const user = useShopStore((s) => s.user);
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  const navigate = useNavigate();
  const signOut = useSignOut();

  if (!user) {
    return (
      <Trigger type="button" onClick={() => openAuthDialog('sign-in')} aria-label="Sign In">
        <UserIcon />
        <span className="label">Sign In</span>
      </Trigger>
    );
  }

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Trigger type="button" aria-label={`Account menu for ${name}`}>
            <Initials aria-hidden="true">{initialsOf(user.firstName ?? '', user.lastName ?? '', user.email)}</Initials>
            <span className="label">{user.firstName || 'Account'}</span>
            <ChevronDownIcon size={16} />
          </Trigger>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <Menu align="end" sideOffset={8}>
            <MenuLabel>
              <strong>{name}</strong>
              <span>{user.email}</span>
            </MenuLabel>
            <Separator />
            <Item onSelect={() => navigate('/orders')}>Order History</Item>
            {user.isAdmin && <Item onSelect={() => navigate('/admin')}>Admin Panel</Item>}
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
        unavailableTitle="Change Password is unavailable right now"
        unavailableText="Please try again in a few minutes."
      />
    </>
  );
}
