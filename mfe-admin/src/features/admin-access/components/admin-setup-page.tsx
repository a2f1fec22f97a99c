import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ADMIN_SECRET_ATTEMPTS, ADMIN_SECRET_WINDOW_MINUTES } from '@shop/contracts/admin';
import { useShopStore } from 'shell/store';
import {
  Button,
  ButtonLink,
  FormStack,
  TextField,
  ShieldIcon,
  MessageCard,
  Page,
  PageHeader,
  theme,
  useZodForm,
  cardSurface,
  SignInCard,
} from '@shop/ui';
import { makeAdminSchema, useMakeAdmin } from '../api/make-admin';

/** docs/product.md section 9: 2 seconds before the redirect to /admin. */
export const ADMIN_REDIRECT_DELAY_MS = 2000;

const Card = styled.div`
  max-width: 34rem;
  padding: 1.5rem 1.25rem;
  ${cardSurface}
  @media (min-width: 480px) {
    padding: 1.75rem;
  }
  .for {
    margin: 0 0 1.25rem;
    color: ${theme.colors.muted};
  }
  .for strong {
    color: ${theme.colors.ink};
    overflow-wrap: anywhere;
  }
`;

const Notice = styled.div`
  display: flex;
  gap: 0.75rem;
  margin-bottom: 1.25rem;
  padding: 0.875rem 1rem;
  border: 1px solid #fed7aa;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.accentSoft};
  color: #7c2d12;
  font-size: 0.9rem;
  svg {
    flex: 0 0 auto;
    margin-top: 0.125rem;
  }
  p {
    margin: 0;
  }
`;

const Granted = styled.div`
  max-width: 34rem;
  padding: 1.25rem;
  border-radius: ${theme.radiusSmall};
  background: #dcfce7;
  color: #166534;
  font-weight: 600;
  p {
    margin: 0 0 0.75rem;
  }
`;

function SignInFirst() {
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <SignInCard title="Please log in first" onSignIn={() => openAuthDialog('sign-in')}>
      Admin access is granted to the account you are signed in with. Sign in, then enter the admin
      secret key.
    </SignInCard>
  );
}

function GrantForm({ email, onGranted }: { email: string; onGranted(): void }) {
  const form = useZodForm({ schema: makeAdminSchema, initialValues: { secret: '' } });
  const makeAdmin = useMakeAdmin({ onGranted });
  return (
    <FormStack
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit((input) => makeAdmin.mutate(input))}
    >
      <p className="for">
        Access will be granted to <strong>{email}</strong>.
      </p>
      <TextField
        label="Admin secret key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        error={form.errors.secret}
        {...form.input('secret')}
      />
      <Button type="submit" disabled={makeAdmin.isPending}>
        {makeAdmin.isPending ? 'Checking…' : 'Grant Admin Access'}
      </Button>
    </FormStack>
  );
}

/**
 * /admin-setup: a signed-in customer enters the admin secret to become an admin. `onGranted` runs once
 * access is granted, while the page waits to go to /admin (the app fetches the panel meanwhile).
 */
export function AdminSetupPage({ onGranted }: { onGranted?: () => void }) {
  const sessionId = useShopStore((s) => s.sessionId);
  const user = useShopStore((s) => s.user);
  const authChecked = useShopStore((s) => s.authChecked);
  const navigate = useNavigate();
  // Kept here, not in the form: once granted, the store's user is an admin and the form is gone.
  const [granted, setGranted] = useState(false);

  useEffect(() => {
    if (!granted) return;
    const timer = window.setTimeout(() => navigate('/admin'), ADMIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [granted, navigate]);

  return (
    <Page data-remote="admin" data-session-id={sessionId} aria-labelledby="admin-setup-heading">
      <PageHeader>
        <h1 id="admin-setup-heading">Admin Setup</h1>
        <p>Grant admin access to your account with the shop's admin secret key.</p>
      </PageHeader>
      {granted ? (
        <Granted role="status">
          <p>Admin access granted. Taking you to the admin panel…</p>
          <ButtonLink to="/admin">Open the Admin Panel now</ButtonLink>
        </Granted>
      ) : !authChecked && !user ? (
        <MessageCard role="status">
          <h2>Checking your account…</h2>
        </MessageCard>
      ) : !user ? (
        <SignInFirst />
      ) : user.isAdmin ? (
        <MessageCard>
          <h2>You already have admin access</h2>
          <p>Manage discount codes, customers and orders in the admin panel.</p>
          <div className="actions">
            <ButtonLink to="/admin">Open the Admin Panel</ButtonLink>
          </div>
        </MessageCard>
      ) : (
        <Card>
          <Notice>
            <ShieldIcon size={20} />
            <p>
              For security, this page is rate-limited to {ADMIN_SECRET_ATTEMPTS} attempts per{' '}
              {ADMIN_SECRET_WINDOW_MINUTES} minutes, and every attempt is logged.
            </p>
          </Notice>
          <GrantForm
            email={user.email}
            onGranted={() => {
              setGranted(true);
              onGranted?.();
            }}
          />
        </Card>
      )}
    </Page>
  );
}
