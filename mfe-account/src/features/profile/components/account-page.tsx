import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { ShopUser } from '@shop/contracts';
import { accountMessages } from '@shop/contracts/account-messages';
import { apiErrorMessage, apiFieldErrors, toast, useShopStore } from 'shell/store';
import {
  Button,
  busyProps,
  Dialog,
  DialogActions,
  DialogDescription,
  DialogTitle,
  FieldError,
  FormStack,
  Page,
  PageHeader,
  TextField,
  fromMedium,
  theme,
  useZodForm,
  Card,
  SignInCard,
  Skeleton,
} from '@shop/ui';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { ContactFields, NameFields } from '../../../components/customer-detail-fields';
import {
  useChangeEmail,
  useDeleteAccount,
  useResendConfirmation,
  useSaveProfile,
} from '../api/profile';
import {
  loadChangeEmailSchema,
  loadDeleteAccountSchema,
  loadProfileSchema,
} from '../api/profile-schemas';
import { schemasNotLoaded } from '../../../lib/schemas-not-loaded';

const Columns = styled.div`
  display: grid;
  gap: 1.5rem;
  align-items: start;
  ${fromMedium} {
    grid-template-columns: 3fr 2fr;
  }
`;

const Side = styled.div`
  display: grid;
  gap: 1.5rem;
`;

// A block, not a paragraph: the unconfirmed email's notice holds a button and its error (a paragraph).
const Notice = styled.div`
  padding: 0.75rem 1rem;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.sunken};
  color: ${theme.colors.muted};
`;

// The kit's card, with this page's brand-coloured headings and muted notes: the card's own
// paragraphs, not its fields' hints and errors (a red "First name is required" was drawn grey).
const AccountCard = styled(Card)`
  h2 {
    margin: 0 0 1rem;
    font-size: 1.125rem;
    color: ${theme.colors.brand};
  }
  > p,
  > ${Notice} {
    margin: 0 0 1rem;
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
  > p a {
    color: ${theme.colors.brand};
    font-weight: 600;
  }
`;

function SignInPrompt() {
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <SignInCard
      title="Sign in to see your account"
      onSignIn={() => openAuthDialog('sign-in')}
      moreActions={
        <Button type="button" $variant="secondary" onClick={() => openAuthDialog('create-account')}>
          Create Account
        </Button>
      }
    >
      Your details are kept with your account and fill in checkout for you.
    </SignInCard>
  );
}

function profileValues(user: ShopUser) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    company: user.company ?? '',
    address: user.address ?? '',
    zipCode: user.zipCode ?? '',
  };
}

function ProfileForm({ user }: { user: ShopUser }) {
  const form = useZodForm({ schema: loadProfileSchema, initialValues: profileValues(user) });
  const save = useSaveProfile(() =>
    toast({ title: accountMessages.profileSaved, description: 'Checkout starts from them.' }),
  );
  return (
    <AccountCard aria-labelledby="profile-heading">
      <h2 id="profile-heading">Your details</h2>
      <FormStack
        ref={form.formRef}
        noValidate
        onSubmit={form.handleSubmit(
          (input) =>
            save.mutate(input, {
              onError: (error) => form.setFieldErrors(apiFieldErrors(error)),
            }),
          undefined,
          schemasNotLoaded('Save failed'),
        )}
      >
        <NameFields form={form} />
        <ContactFields form={form} />
        {save.isError && (
          <FieldError role="alert">{apiErrorMessage(save.error) ?? 'Save failed'}</FieldError>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Details'}
        </Button>
      </FormStack>
    </AccountCard>
  );
}

function EmailForm({ user }: { user: ShopUser }) {
  const form = useZodForm({
    schema: loadChangeEmailSchema,
    initialValues: { email: '', currentPassword: '' },
  });
  const [done, setDone] = useState<string>();
  const change = useChangeEmail(() => {
    setDone(accountMessages.emailChanged);
    form.reset();
  });
  const resend = useResendConfirmation();
  return (
    <AccountCard aria-labelledby="email-heading">
      <h2 id="email-heading">Email</h2>
      <p>
        Signed in as <strong>{user.email}</strong>
        {user.emailConfirmed === false ? ' (not confirmed yet)' : ''}.
      </p>
      {user.emailConfirmed === false && (
        <Notice>
          Confirm your email by the link we sent: orders you placed as a guest with it then join
          your account.{' '}
          <Button
            type="button"
            $variant="secondary"
            $size="sm"
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate()}
          >
            {resend.isSuccess ? 'Link on its way' : 'Send the link again'}
          </Button>
          {resend.isError && (
            <FieldError role="alert">
              {apiErrorMessage(resend.error) ?? 'Failed to send'}
            </FieldError>
          )}
        </Notice>
      )}
      <FormStack
        ref={form.formRef}
        noValidate
        onSubmit={form.handleSubmit(
          (input) => {
            setDone(undefined);
            change.mutate(input, {
              onError: (error) => form.setFieldErrors(apiFieldErrors(error)),
            });
          },
          undefined,
          schemasNotLoaded('Email not changed'),
        )}
      >
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.errors.email}
          {...form.input('email')}
        />
        <CurrentPasswordField form={form} />
        {change.isError && !form.errors.currentPassword && !form.errors.email && (
          <FieldError role="alert">
            {apiErrorMessage(change.error) ?? 'The email could not be changed.'}
          </FieldError>
        )}
        {done && <Notice role="status">{done}</Notice>}
        <Button type="submit" $variant="secondary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change Email'}
        </Button>
      </FormStack>
    </AccountCard>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel(): void }) {
  const form = useZodForm({
    schema: loadDeleteAccountSchema,
    initialValues: { currentPassword: '' },
  });
  const navigate = useNavigate();
  const remove = useDeleteAccount(() => {
    toast({ title: accountMessages.accountDeleted });
    navigate('/');
  });
  return (
    <FormStack
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit(
        (input) =>
          remove.mutate(input, {
            onError: (error) => form.setFieldErrors(apiFieldErrors(error)),
          }),
        undefined,
        schemasNotLoaded('Account not deleted'),
      )}
    >
      <CurrentPasswordField form={form} autoFocus />
      {remove.isError && !form.errors.currentPassword && (
        <FieldError role="alert">
          {apiErrorMessage(remove.error) ?? 'The account could not be deleted.'}
        </FieldError>
      )}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {/* Busy, not disabled: a refusal (an order in production) leaves focus here, by its message. */}
        <Button type="submit" $variant="danger" {...busyProps(remove.isPending)}>
          {remove.isPending ? 'Deleting…' : 'Delete Account'}
        </Button>
      </DialogActions>
    </FormStack>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <AccountCard aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p>
        Your sign-in, saved details and cart go. Your orders stay with us as sold, and{' '}
        <Link to="/orders/lookup">Find your order</Link> still sends you their links.
      </p>
      <Button type="button" $variant="danger-ghost" onClick={() => setOpen(true)}>
        Delete Account…
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <div data-remote="account">
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This cannot be undone: every browser signed in to it is signed out. An account with an
            order still in production can be deleted once the order has shipped.
          </DialogDescription>
          {open && <DeleteAccountForm onCancel={() => setOpen(false)} />}
        </div>
      </Dialog>
    </AccountCard>
  );
}

/** `/account`: the signed-in customer's details and email, and deleting the account. */
export function AccountPage() {
  const user = useShopStore((s) => s.user);
  // Until the shell knows who is signed in, neither the form nor a sign-in prompt is true yet.
  const authChecked = useShopStore((s) => s.authChecked);
  return (
    <Page data-remote="account">
      <PageHeader>
        <h1>My Account</h1>
        {/* A visitor has no details yet: the sign-in card says what an account keeps. */}
        {user && <p>Your details fill in checkout for you.</p>}
      </PageHeader>
      {!authChecked ? (
        <Skeleton role="status" aria-label="Checking your account">
          <div />
        </Skeleton>
      ) : user ? (
        <Columns>
          <ProfileForm key={user.id} user={user} />
          <Side>
            <EmailForm user={user} />
            {!user.isAdmin && <DeleteAccount />}
          </Side>
        </Columns>
      ) : (
        <SignInPrompt />
      )}
    </Page>
  );
}
