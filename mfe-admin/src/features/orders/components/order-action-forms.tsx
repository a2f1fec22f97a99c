import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CARRIERS, type Carrier } from '@shop/contracts/orders';
import { parseDollars } from '@shop/contracts/money';
import {
  Button,
  formatDate,
  formatDollars,
  formatTime,
  SelectField,
  TextAreaField,
  TextField,
  theme,
} from '@shop/ui';
import type { AdminOrder } from '../api/get-admin-orders';
import { useAddOrderNote, useCancelOrder, useShipOrder } from '../api/order-actions';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

// The order details dialog's after-sale actions, each a small form of its own.

/** One part of the order's details under a rule: a heading, lists, muted notes and small forms. */
export const DetailsSection = styled.section`
  margin-top: 1.5rem;
  padding-top: 1rem;
  border-top: 1px solid ${theme.colors.border};
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }
  ol,
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  li {
    margin: 0.25rem 0;
    overflow-wrap: anywhere;
  }
  .muted {
    color: ${theme.colors.muted};
    font-size: 0.875rem;
  }
  form {
    display: grid;
    gap: 0.75rem;
    margin-top: 0.5rem;
  }
  @media (min-width: 560px) {
    form.row {
      grid-template-columns: 1fr 1fr;
      align-items: end;
    }
    /* Under the fields, as wide as its words: in the first field's column "Mark shipped and email
       the customer" broke in two. */
    form.row > button {
      grid-column: 1 / -1;
      justify-self: start;
    }
  }
  a {
    color: ${theme.colors.brand};
  }
`;

/**
 * Mark shipped: carrier, tracking number (and a link for another carrier); the customer is emailed.
 * `autoFocus`: the dialog opens on its first field (the dialog focuses `data-autofocus`).
 */
export function ShipForm({ order, autoFocus = false }: { order: AdminOrder; autoFocus?: boolean }) {
  const ship = useShipOrder();
  const [carrier, setCarrier] = useState<Carrier>('USPS');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ship.mutate({
      id: order.id,
      input: {
        carrier,
        trackingNumber: trackingNumber.trim(),
        ...(carrier === 'other' && trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
      },
    });
  };
  return (
    <DetailsSection aria-labelledby="ship-heading">
      <h3 id="ship-heading">Mark shipped</h3>
      <form className="row" onSubmit={submit}>
        <SelectField
          label="Carrier"
          data-autofocus={autoFocus || undefined}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value as Carrier)}
        >
          {CARRIERS.map((value) => (
            <option key={value} value={value}>
              {value === 'other' ? 'Other' : value}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Tracking number"
          value={trackingNumber}
          required
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
        {carrier === 'other' && (
          <TextField
            label="Tracking link"
            type="url"
            optional
            placeholder="https://"
            value={trackingUrl}
            onChange={(event) => setTrackingUrl(event.target.value)}
          />
        )}
        <Button type="submit" disabled={ship.isPending || !trackingNumber.trim()}>
          {ship.isPending ? 'Saving…' : 'Mark shipped and email the customer'}
        </Button>
      </form>
    </DetailsSection>
  );
}

/** Mark completed: a shipped order that has arrived (no email goes out). */
export function CompleteForm({ order }: { order: AdminOrder }) {
  const update = useUpdateOrderStatus();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ order, status: 'completed' });
  };
  return (
    <DetailsSection aria-labelledby="complete-heading">
      <h3 id="complete-heading">Mark completed</h3>
      <p className="muted">When the parcel has arrived. The customer is not emailed.</p>
      <form onSubmit={submit}>
        <Button type="submit" $variant="secondary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Mark completed'}
        </Button>
      </form>
    </DetailsSection>
  );
}

/**
 * Cancel and refund: an amount up to what was charged, and a reason; the customer is emailed. Money
 * goes back on the card and the order cannot be reopened, so the button asks first, naming the amount
 * (focus starts on Keep the order, so Enter never refunds by accident).
 */
export function CancelForm({ order }: { order: AdminOrder }) {
  if (order.refundPending) return <FinishCancelForm order={order} pending={order.refundPending} />;
  return <NewCancelForm order={order} />;
}

/**
 * A cancel whose refund the payment provider never answered: the order is held for it (no other
 * move), and cancelling again asks for that same refund, which the provider makes at most once.
 */
function FinishCancelForm({
  order,
  pending,
}: {
  order: AdminOrder;
  pending: NonNullable<AdminOrder['refundPending']>;
}) {
  const cancel = useCancelOrder();
  const timeZone = useShopTimeZone();
  const amount = formatDollars(pending.amount);
  return (
    <DetailsSection aria-labelledby="cancel-heading">
      <h3 id="cancel-heading">Cancel and refund</h3>
      <p role="status">
        This order is being cancelled. Its refund of {amount}, asked for on{' '}
        {formatDate(pending.askedAt, timeZone)} at {formatTime(pending.askedAt, timeZone)}, was not
        answered by the payment provider, so it may have been made. Finish the cancel: the same
        refund is asked for again and made at most once.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate({ id: order.id, input: { refundAmount: pending.amount, reason: '' } });
        }}
      >
        <Button type="submit" $variant="danger" disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : `Finish cancelling (refund ${amount})`}
        </Button>
      </form>
    </DetailsSection>
  );
}

function NewCancelForm({ order }: { order: AdminOrder }) {
  const cancel = useCancelOrder();
  const [amount, setAmount] = useState(order.total.toFixed(2));
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Typed as the shop prints amounts ("$1,234.50" too); the server still refuses more than was paid.
  const refund = parseDollars(amount);
  const valid = refund !== null && refund <= order.total;
  const refundAmount = Math.round((refund ?? 0) * 100) / 100;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || cancel.isPending) return;
    setConfirming(true);
  };
  const confirm = () => {
    cancel.mutate(
      { id: order.id, input: { refundAmount, reason } },
      { onSettled: () => setConfirming(false) },
    );
  };
  const refunded = formatDollars(valid ? refundAmount : 0);
  return (
    <DetailsSection aria-labelledby="cancel-heading">
      <h3 id="cancel-heading">Cancel and refund</h3>
      <p className="muted">
        Refunds to the card through the payment provider, at most the {formatDollars(order.total)}{' '}
        charged. The customer is emailed.
      </p>
      <form className="row" onSubmit={submit}>
        <TextField
          label="Refund amount ($)"
          inputMode="decimal"
          value={amount}
          error={valid ? undefined : `Enter an amount from $0.00 to ${formatDollars(order.total)}`}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label="Reason"
          optional
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" $variant="danger" disabled={!valid || cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : `Cancel order and refund ${refunded}`}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
        title={`Cancel order #${order.orderNumber} and refund ${refunded}?`}
        description={
          refundAmount > 0
            ? `${refunded} of the ${formatDollars(order.total)} charged goes back to the customer's card, and the customer is emailed that the order is cancelled. This cannot be undone.`
            : `Nothing is refunded of the ${formatDollars(order.total)} charged, and the customer is emailed that the order is cancelled. This cannot be undone.`
        }
        confirmLabel={`Cancel order and refund ${refunded}`}
        pendingLabel="Cancelling…"
        dismissLabel="Keep the order"
        pending={cancel.isPending}
        onConfirm={confirm}
      />
    </DetailsSection>
  );
}

/** An internal note on the order (only admins see notes). */
export function NoteForm({ orderId }: { orderId: string }) {
  const add = useAddOrderNote();
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        add.mutate({ id: orderId, text: text.trim() }, { onSuccess: () => setText('') });
      }}
    >
      <TextAreaField
        label="Internal note"
        hint="Only admins see notes."
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" $variant="secondary" disabled={add.isPending || !text.trim()}>
        Add note
      </Button>
    </form>
  );
}
