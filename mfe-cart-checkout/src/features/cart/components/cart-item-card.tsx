import { Fragment } from 'react';
import styled from 'styled-components';
import { variableDataTerms } from '@shop/contracts/asset-tag-terms';
import type { DiscountRemoved } from '@shop/contracts';
import { apiErrorMessage, apiErrorStatus, toast } from 'shell/store';
import type { CartItem } from '../../../api/get-cart';
import {
  Button,
  ButtonLink,
  VisuallyHidden,
  busyProps,
  fromMedium,
  theme,
  colorSwatch,
  formatSize,
  LineName,
  lineName,
  materialName,
  mountingName,
  formatDollars,
} from '@shop/ui';
import { LabelSwatch } from '../../../components/label-swatch';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItemQuantity } from '../api/update-cart-item-quantity';
import { CartQuantityStepper } from './cart-quantity-stepper';
import { formatCount } from '@shop/contracts/money';

// Phones: the picture beside the name, details and controls full width below it. Wider: the picture
// runs down the left.
const Card = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  grid-template-areas: 'swatch heading' 'details details' 'actions actions';
  gap: 0.875rem 1rem;
  ${fromMedium} {
    grid-template-areas: 'swatch heading' 'swatch details' 'swatch actions';
    grid-template-rows: auto auto 1fr;
  }
  & > [data-area='swatch'] {
    grid-area: swatch;
  }
  padding: 1.25rem 0;
  border-bottom: 1px solid ${theme.colors.border};
  &:first-child {
    padding-top: 0.25rem;
  }
  &:last-child {
    border-bottom: 0;
    padding-bottom: 0.25rem;
  }
`;

const Heading = styled.div`
  grid-area: heading;
  align-self: center;
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.25rem 1rem;
  h3 {
    margin: 0;
    font-size: 1.0625rem;
    font-weight: 700;
    color: ${theme.colors.ink};
  }
`;

const UnitPrice = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: 0.9rem;
  font-variant-numeric: tabular-nums;
`;

const Details = styled.dl`
  grid-area: details;
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 0.75rem;
  margin: 0;
  font-size: 0.9rem;
  dt {
    color: ${theme.colors.subtle};
  }
  dd {
    margin: 0;
    color: ${theme.colors.ink};
    min-width: 0;
    overflow-wrap: anywhere;
    /* The text as it is engraved: its line breaks kept. */
    white-space: pre-line;
  }
  ${fromMedium} {
    grid-template-columns: max-content 1fr max-content 1fr;
  }
`;

const FileList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  grid-area: actions;
  align-self: end;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

const LineTotal = styled.p`
  margin: 0;
  font-size: 1.0625rem;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  color: ${theme.colors.ink};
  span {
    font-size: 0.85rem;
    font-weight: 500;
    color: ${theme.colors.subtle};
    margin-right: 0.375rem;
  }
`;

interface CartItemCardProps {
  item: CartItem;
  /** Called after the item is gone, so focus can move somewhere sensible. */
  onRemoved(): void;
  /** The answer of a change may say the cart's discount no longer applies. */
  onDiscountRemoved(dropped: DiscountRemoved | undefined): void;
  /** Its place in the cart, given when another line has the same name (lineName). */
  lineNumber?: number;
}

/** A line changed or removed elsewhere (another tab): the cart shown is read again. */
const LINE_GONE = 'This item is no longer in your cart: it was changed in another window.';

export function CartItemCard({
  item,
  onRemoved,
  onDiscountRemoved,
  lineNumber,
}: CartItemCardProps) {
  const updateQuantity = useUpdateCartItemQuantity();
  const removeItem = useRemoveCartItem();
  const config = item.productConfig;
  const size = formatSize(config.width, config.height);
  const heading = lineName(config);
  // The controls' names: two lines of one material and size (different texts, say) would give
  // two "Remove Phenolic label, 3″ × 2″" a screen reader cannot tell apart.
  const name = lineNumber === undefined ? heading : `${heading}, line ${lineNumber}`;
  const busy = updateQuantity.isPending || removeItem.isPending;

  function changeQuantity(quantity: number, onFailed?: () => void) {
    if (quantity < 1) return;
    updateQuantity.mutate(
      { itemId: item.id, quantity },
      {
        onSuccess: (answer) => onDiscountRemoved(answer.discountRemoved),
        onError: (error) => {
          onFailed?.();
          // A quantity the line's rules refuse (a series' code too small to scan at that count, a
          // 400; a series grown into another line's numbers, a 409 naming that line): the reason,
          // since trying again cannot help; a line gone (removed in another tab), that. Anything
          // else: the shop's message.
          const status = apiErrorStatus(error);
          const refusal =
            status === 400 || status === 409
              ? apiErrorMessage(error)
              : status === 404
                ? LINE_GONE
                : undefined;
          toast(
            refusal
              ? { title: 'Quantity not changed', description: refusal, variant: 'destructive' }
              : {
                  title: 'Error',
                  description: 'Failed to update quantity. Please try again.',
                  variant: 'destructive',
                },
          );
        },
      },
    );
  }

  function remove() {
    removeItem.mutate(item.id, {
      onSuccess: (answer) => {
        onDiscountRemoved(answer.discountRemoved);
        toast({ title: 'Item Removed', description: `${name} was removed from your cart.` });
        onRemoved();
      },
      onError: (error) => {
        // Gone already (removed in another tab): the cart read again no longer shows it.
        if (apiErrorStatus(error) === 404) return onRemoved();
        toast({
          title: 'Error',
          description: 'Failed to remove item. Please try again.',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card data-testid="cart-item" aria-busy={busy || undefined}>
      <div data-area="swatch">
        <LabelSwatch line={config} />
      </div>
      <Heading>
        <h3>
          <LineName material={config.material} width={config.width} height={config.height} />
        </h3>
        <UnitPrice>{formatDollars(item.unitPrice)} each</UnitPrice>
      </Heading>
      <Details>
        <dt>Material</dt>
        <dd>{materialName(config.material)}</dd>
        <dt>Size</dt>
        <dd>{size}</dd>
        <dt>Colour</dt>
        <dd>{colorSwatch(config.color).name}</dd>
        <dt>Mounting</dt>
        <dd>{mountingName(config.mounting)}</dd>
        {config.customText.trim() && (
          <>
            <dt>Text</dt>
            <dd>“{config.customText.trim()}”</dd>
          </>
        )}
        {variableDataTerms(config, item.quantity).map(([term, detail]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd data-testid={`cart-item-${term.toLowerCase()}`}>{detail}</dd>
          </Fragment>
        ))}
        {item.files.length > 0 && (
          <>
            <dt>Files</dt>
            <dd>
              <FileList>
                {item.files.map((file) => (
                  <li key={file.hashedName}>{file.originalName}</li>
                ))}
              </FileList>
            </dd>
          </>
        )}
      </Details>
      <Actions>
        <Controls>
          {config.rows ? (
            // One label per row of the checked spreadsheet: its count is the file's.
            <span data-testid="cart-item-rows-quantity">{formatCount(item.quantity)} labels</span>
          ) : (
            <CartQuantityStepper
              quantity={item.quantity}
              itemName={name}
              busy={busy}
              onChange={changeQuantity}
            />
          )}
          <ButtonLink
            to={`/products?edit=${encodeURIComponent(item.id)}`}
            $variant="ghost"
            $size="sm"
            {...busyProps(busy)}
          >
            Edit<VisuallyHidden> {name}</VisuallyHidden>
          </ButtonLink>
          <Button
            type="button"
            $variant="danger-ghost"
            $size="sm"
            onClick={remove}
            {...busyProps(busy)}
          >
            Remove<VisuallyHidden> {name}</VisuallyHidden>
          </Button>
        </Controls>
        <LineTotal data-testid="cart-item-total">
          <span>Line total</span>
          {formatDollars(item.totalPrice)}
        </LineTotal>
      </Actions>
    </Card>
  );
}
