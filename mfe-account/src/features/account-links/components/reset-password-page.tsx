import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { accountMessages } from '@shop/contracts/account-messages';
import { apiErrorMessage, queryClient, toast, useShopStore } from 'shell/store';
import {
  Button,
  FieldError,
  Skeleton,
  FormStack,
  Page,
  PageHeader,
  useZodForm,
  cardSurface,
  SignInCard,
} from '@shop/ui';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { schemasNotLoaded } from '../../../lib/schemas-not-loaded';
import { useSignedInAs } from '../../../lib/signed-in-as';
import { checkResetLink, loadResetPasswordSchema, resetPassword } from '../api/account-links';

const Card = styled.div`
  max-width: 28rem;
  margin: 0 auto;
  padding: 1.5rem;
  ${cardSurface}
`;

function NoLink() {
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <SignInCard
      role="alert"
      title={accountMessages.resetLinkInvalid}
      onSignIn={() => openAuthDialog('sign-in')}
    >
      Open Sign In and choose “Forgot password?” to get a new link by email.
    </SignInCard>
  );
}

/** `/reset-password?token=...`: the new password, twice; on success this browser is signed in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const signedInAs = useSignedInAs();
  const [linkProblem, setLinkProblem] = useState(false);
  // A used, expired or unknown link says so on opening, before a password is typed for nothing.
  const link = useQuery(
    {
      queryKey: ['reset-link', token],
      queryFn: () => checkResetLink(token).then(() => true),
      enabled: Boolean(token),
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
    },
    queryClient,
  );
  const linkRefused =
    link.isError && apiErrorMessage(link.error) === accountMessages.resetLinkInvalid;
  const form = useZodForm({
    schema: loadResetPasswordSchema,
    initialValues: { newPassword: '', confirmPassword: '' },
  });
  const reset = useMutation(
    {
      mutationFn: resetPassword,
      onSuccess: (user) => {
        signedInAs(user);
        toast({
          title: 'Password updated',
          description: `You are signed in as ${user.email}.`,
        });
        navigate('/account');
      },
      onError: (error) => {
        if (apiErrorMessage(error) === accountMessages.resetLinkInvalid) setLinkProblem(true);
      },
    },
    queryClient,
  );

  return (
    <Page data-remote="account">
      <PageHeader>
        <h1>Choose a new password</h1>
        <p>Your other sessions are signed out once the new password is set.</p>
      </PageHeader>
      {!token || linkProblem || linkRefused ? (
        <NoLink />
      ) : link.isPending ? (
        <Skeleton role="status" aria-label="Checking your link">
          <div />
        </Skeleton>
      ) : (
        <Card>
          <FormStack
            ref={form.formRef}
            noValidate
            onSubmit={form.handleSubmit(
              ({ newPassword }) => reset.mutate({ token, newPassword }),
              undefined,
              schemasNotLoaded('Password not set'),
            )}
          >
            <NewPasswordFields form={form} />
            {reset.isError && !linkProblem && (
              <FieldError role="alert">
                {apiErrorMessage(reset.error) ?? 'Password change failed'}
              </FieldError>
            )}
            <Button type="submit" $block disabled={reset.isPending}>
              {reset.isPending ? 'Saving…' : 'Set New Password'}
            </Button>
          </FormStack>
        </Card>
      )}
    </Page>
  );
}
