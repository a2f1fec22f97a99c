import styled from 'styled-components';
import type { ShopUser } from '@shop/contracts';
import { useShopStore } from 'shell/store';
import {
  Button,
  ButtonLink,
  PackageIcon,
  MessageCard,
  MoreButton,
  Page,
  PageHeader,
  Skeleton,
  SignInCard,
  theme,
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

/** Says how the list is ordered: only above a list that has orders (not above "No orders yet"). */
const OrderListNote = styled.p`
  margin: -0.75rem 0 1rem;
  color: ${theme.colors.muted};
`;

function SignInPrompt() {
  const openAuthDialog = useShopStore((s) => s.openAuthDialog);
  return (
    <SignInCard
      title="Sign in to see your orders"
      onSignIn={() => openAuthDialog('sign-in')}
      moreActions={
        <>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => openAuthDialog('create-account')}
          >
            Create Account
          </Button>
          {/* A guest's order is in no account: its link is emailed (docs/product.md, Order lookup). */}
          <ButtonLink to="/orders/lookup" $variant="secondary">
            Find a guest order
          </ButtonLink>
        </>
      }
    >
      Your order history is kept with your account. Sign in, or create an account to track future
      orders. Ordered as a guest? We can email you a link to your order.
    </SignInCard>
  );
}

/**
 * How orders placed as a guest join the history, as the API does it: the paid guest orders with the
 * account's email join when that email is confirmed by its emailed link (docs/product.md section 10),
 * and only then.
 */
function GuestOrdersNote({ user }: { user: ShopUser }) {
  if (!user.emailConfirmed) {
    return (
      <p data-testid="guest-orders-note">
        Orders you placed as a guest with {user.email} join this history once you confirm that
        address: follow the link we emailed you, or ask for a new one on My Account.
      </p>
    );
  }
  return (
    <p data-testid="guest-orders-note">
      Paid orders you placed as a guest with {user.email} joined this history when you confirmed
      that address. To see one placed as a guest since, use Find a guest order.
    </p>
  );
}

function OrderHistory({ user }: { user: ShopUser }) {
  const orders = useOrders(user.id);
  if (orders.isPending) {
    return (
      <Skeleton role="status" aria-label="Loading your orders">
        <div />
        <div />
      </Skeleton>
    );
  }
  // A later page that fails keeps the pages read (its own message is under the list).
  if (!orders.data) {
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
  const list = orders.data.pages.flatMap((page) => page.orders);
  if (list.length === 0) {
    return (
      <MessageCard>
        <span className="icon" aria-hidden="true">
          <PackageIcon size={26} />
        </span>
        <h2>No orders yet</h2>
        <p>When you place an order signed in, it appears here with its status.</p>
        <GuestOrdersNote user={user} />
        <div className="actions">
          <ButtonLink to="/products">Configure a label</ButtonLink>
          {user.emailConfirmed ? (
            <ButtonLink to="/orders/lookup" $variant="secondary">
              Find a guest order
            </ButtonLink>
          ) : (
            <ButtonLink to="/account" $variant="secondary">
              My Account
            </ButtonLink>
          )}
        </div>
      </MessageCard>
    );
  }
  return (
    <>
      <OrderListNote id="orders-order-note">Your orders, newest first.</OrderListNote>
      <OrderList aria-label="Orders" aria-describedby="orders-order-note">
        {list.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </OrderList>
      {orders.isFetchNextPageError && (
        <p role="alert">Your older orders could not be loaded. Please try again.</p>
      )}
      <MoreButton pages={orders} label="Show older orders" busyLabel="Loading older orders…" />
    </>
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
      </PageHeader>
      {!authChecked ? (
        <Skeleton role="status" aria-label="Checking your account">
          <div />
        </Skeleton>
      ) : user ? (
        <OrderHistory user={user} />
      ) : (
        <SignInPrompt />
      )}
    </Page>
  );
}
