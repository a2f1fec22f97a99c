import styled from 'styled-components';
import { useShopStore } from 'shell/store';
import {
  Button,
  ButtonLink,
  PackageIcon,
  MessageCard,
  Page,
  PageHeader,
  Skeleton,
  SignInCard,
} from '@shop/ui';
import { ORDERS_FAILED_MESSAGE, useOrders } from '../api/get-orders';
import { OrderCard } from './order-card';

const OrderList = styled.ol`
  display: grid;
  gap: 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

function SignInPrompt() {
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <SignInCard
      title="Sign in to see your orders"
      onSignIn={() => openAuthDialog('sign-in')}
      moreActions={
        <Button type="button" $variant="secondary" onClick={() => openAuthDialog('create-account')}>
          Create Account
        </Button>
      }
    >
      Your order history is kept with your account. Sign in, or create an account to track future
      orders.
    </SignInCard>
  );
}

function OrderHistory({ customerId }: { customerId: string }) {
  const orders = useOrders(customerId);
  if (orders.isPending) {
    return (
      <Skeleton role="status" aria-label="Loading your orders">
        <div />
        <div />
      </Skeleton>
    );
  }
  if (orders.isError) {
    return (
      <MessageCard role="alert">
        <h2>{ORDERS_FAILED_MESSAGE}</h2>
        <p>We could not load your order history. Please try again.</p>
        <div className="actions">
          <Button
            type="button"
            $variant="secondary"
            onClick={() => void orders.refetch()}
            disabled={orders.isFetching}
          >
            Try again
          </Button>
        </div>
      </MessageCard>
    );
  }
  if (orders.data.length === 0) {
    return (
      <MessageCard>
        <span className="icon" aria-hidden="true">
          <PackageIcon size={26} />
        </span>
        <h2>No orders yet</h2>
        <p>When you place an order, it will appear here with its status.</p>
        <div className="actions">
          <ButtonLink to="/products">Configure a label</ButtonLink>
        </div>
      </MessageCard>
    );
  }
  return (
    <OrderList aria-label="Orders">
      {orders.data.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </OrderList>
  );
}

/** /orders: the signed-in customer's order history; guests are asked to sign in. */
export function OrdersPage() {
  const sessionId = useShopStore((s) => s.sessionId);
  const user = useShopStore((s) => s.user);
  const authChecked = useShopStore((s) => s.authChecked);
  return (
    <Page data-remote="account" data-session-id={sessionId} aria-labelledby="orders-heading">
      <PageHeader>
        <h1 id="orders-heading">Order History</h1>
        {user && <p>Your orders, newest first.</p>}
      </PageHeader>
      {!authChecked ? (
        <Skeleton role="status" aria-label="Checking your account">
          <div />
        </Skeleton>
      ) : user ? (
        <OrderHistory customerId={user.id} />
      ) : (
        <SignInPrompt />
      )}
    </Page>
  );
}
