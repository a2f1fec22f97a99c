import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useMutation } from '@tanstack/react-query';
import { accountMessages } from '@shop/contracts/account-messages';
import { apiErrorMessage, apiErrorStatus, queryClient, useShopStore } from 'shell/store';
import {
  BreakableEmail,
  ButtonLink,
  CheckIcon,
  LockIcon,
  MessageCard,
  Page,
  PageHeader,
  Skeleton,
} from '@shop/ui';
import { useSignedInAs } from '../../../lib/signed-in-as';
import { confirmEmail } from '../api/account-links';

/**
 * The confirmed heading: the address wraps after its @ or before a dot (BreakableEmail); a part still wider than the
 * card breaks inside it rather than scrolling the page sideways.
 */
const EmailHeading = styled.h2`
  overflow-wrap: break-word;
`;

/** What joining did, in words: "2 earlier orders were added to your account". */
export function joinedOrdersText(count: number): string {
  if (count === 0) return 'No earlier guest orders were found for this email.';
  return count === 1
    ? '1 earlier order was added to your account.'
    : `${count} earlier orders were added to your account.`;
}

/** `/confirm-email?token=...`: confirms the email once, then says which guest orders joined. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedInAs = useSignedInAs();
  const confirm = useMutation({ mutationFn: confirmEmail }, queryClient);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: the link is single use, a second call would report it used.
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token, {
      // The customer signed in now, not when the call started: one known only since (the page
      // asked who is signed in meanwhile) holds the email as unconfirmed until told.
      onSuccess: ({ user }) => {
        if (useShopStore.getState().user?.id === user.id) signedInAs(user);
      },
    });
  }, [token, confirm, signedInAs]);

  return (
    <Page data-remote="account">
      <PageHeader>
        <h1>Confirm your email</h1>
      </PageHeader>
      {confirm.isSuccess ? (
        <MessageCard role="status">
          <span className="icon" aria-hidden="true">
            <CheckIcon size={26} />
          </span>
          {/* A long address wraps after its @ at 375 px instead of running past the card. */}
          <EmailHeading>
            Your email <BreakableEmail email={confirm.data.user.email} /> is confirmed
          </EmailHeading>
          <p>{joinedOrdersText(confirm.data.joinedOrders)}</p>
          <div className="actions">
            <ButtonLink to="/orders">Order History</ButtonLink>
          </div>
        </MessageCard>
      ) : confirm.isError && apiErrorStatus(confirm.error) === undefined ? (
        // No answer (the connection, or the page's schemas that did not arrive): the link may be good.
        <MessageCard role="alert">
          <h2>Your email could not be confirmed just now</h2>
          <p>Please check your connection and open the link again.</p>
        </MessageCard>
      ) : !token || confirm.isError ? (
        <MessageCard role="alert">
          <span className="icon" aria-hidden="true">
            <LockIcon size={26} />
          </span>
          <h2>
            {(confirm.isError && apiErrorMessage(confirm.error)) ||
              accountMessages.confirmationLinkInvalid}
          </h2>
          <p>A signed-in customer can ask for a new link on the account page.</p>
          <div className="actions">
            <ButtonLink to="/account">My Account</ButtonLink>
          </div>
        </MessageCard>
      ) : (
        <Skeleton role="status" aria-label="Confirming your email">
          <div />
        </Skeleton>
      )}
    </Page>
  );
}
