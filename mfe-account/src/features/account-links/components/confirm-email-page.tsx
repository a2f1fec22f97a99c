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
  SignInCard,
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

/**
 * `/confirm-email?token=...`: confirms the email of the account signed in (the API confirms only for
 * the account the link is for, signed in: docs/product.md section 10), then says which guest orders
 * joined. Signed out, it asks to sign in first and confirms once signed in.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useShopStore((s) => s.user);
  const authChecked = useShopStore((s) => s.authChecked);
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  const signedInAs = useSignedInAs();
  const confirm = useMutation({ mutationFn: confirmEmail }, queryClient);
  // Once per customer signed in: the link is single use, and a refusal (another account) is
  // tried again only for the next one who signs in.
  const triedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !user || triedFor.current === user.id) return;
    triedFor.current = user.id;
    confirm.mutate(token, {
      onSuccess: ({ user: confirmed }) => {
        if (useShopStore.getState().user?.id === confirmed.id) signedInAs(confirmed);
      },
    });
  }, [token, user, confirm, signedInAs]);
  const refusedAsSignedIn = confirm.isError && apiErrorStatus(confirm.error) === 401;

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
      ) : token && !confirm.isPending && authChecked && (!user || refusedAsSignedIn) ? (
        <SignInCard
          role={refusedAsSignedIn ? 'alert' : undefined}
          title={user ? accountMessages.confirmationNeedsSignIn : 'Sign in to confirm your email'}
          onSignIn={() => openAuthDialog('sign-in')}
        >
          {user
            ? `You are signed in as ${user.email}. Sign out, then sign in to the account the link was sent for.`
            : 'The link confirms the email of an account: sign in to that account and it is confirmed at once. If you did not create an account with us, ignore the email.'}
        </SignInCard>
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
