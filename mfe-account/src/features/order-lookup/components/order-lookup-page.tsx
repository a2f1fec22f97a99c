import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorMessage, useShopStore } from 'shell/store';
import {
  Button,
  FormStack,
  MailIcon,
  Notice,
  Page,
  PageHeader,
  Panel,
  TextField,
  useZodForm,
} from '@shop/ui';
import { orderLookupSchema, useLookupOrder } from '../api/lookup-order';

const Narrow = styled.div`
  max-width: 32rem;
`;

/**
 * /orders/lookup: a guest finds an order again. The link to it is emailed to the address the order was
 * placed with; the page says the same thing whether or not the two matched.
 */
export function OrderLookupPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  const signedIn = useShopStore((s) => s.user !== null);
  const form = useZodForm({
    schema: orderLookupSchema,
    initialValues: { email: '', orderNumber: '' },
  });
  const lookup = useLookupOrder();
  return (
    <Page data-remote="account" data-session-id={sessionId} aria-labelledby="lookup-heading">
      <Narrow>
        <PageHeader>
          <h1 id="lookup-heading">Find your order</h1>
          <p>
            Ordered without an account? Enter the email address you ordered with and the order
            number from your confirmation, and we will email you a link to the order.{' '}
            {/* Signed in, the account's orders are one click away, not behind a sign-in. */}
            {signedIn ? (
              <>
                An order placed in your account is under <Link to="/orders">Orders</Link>.
              </>
            ) : (
              'An order placed in your account is under Orders once you sign in.'
            )}
          </p>
        </PageHeader>
        {lookup.isSuccess ? (
          <Notice $tone="success" role="status">
            <strong>Check your email</strong>
            <p>{lookup.data.message}</p>
          </Notice>
        ) : (
          <Panel aria-label="Order lookup">
            {lookup.isError && (
              <Notice $tone="warning" role="alert">
                <strong>The lookup could not be sent</strong>
                <p>{apiErrorMessage(lookup.error) ?? 'Please try again.'}</p>
              </Notice>
            )}
            <FormStack
              ref={form.formRef}
              noValidate
              onSubmit={form.handleSubmit((input) => lookup.mutate(input))}
            >
              <TextField
                label="Email address"
                type="email"
                autoComplete="email"
                inputMode="email"
                error={form.errors.email}
                {...form.input('email')}
              />
              <TextField
                label="Order number"
                inputMode="numeric"
                placeholder="e.g. 1001"
                error={form.errors.orderNumber}
                {...form.input('orderNumber')}
              />
              <Button type="submit" $block disabled={lookup.isPending}>
                <MailIcon size={18} aria-hidden="true" />{' '}
                {lookup.isPending ? 'Sending…' : 'Email me the link'}
              </Button>
            </FormStack>
          </Panel>
        )}
      </Narrow>
    </Page>
  );
}
