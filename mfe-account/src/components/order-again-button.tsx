import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button, theme, type ButtonSize, type ButtonVariant } from '@shop/ui';
import { CODE_TYPE_LABELS, type CodeType } from '@shop/contracts/asset-tags';
import { useReorder, useReorderOptions } from '../api/reorder';

const Choices = styled.div`
  display: grid;
  gap: 0.625rem;
  margin-top: 0.75rem;
  padding: 0.875rem 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  max-width: 32rem;
  p {
    margin: 0;
    font-size: 0.9rem;
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
  strong {
    color: ${theme.colors.ink};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

/**
 * "Order again" (order page and history): the order's lines into the cart, then to the cart. An
 * order with a numbered series first asks whether to continue the series after the highest number
 * this customer ordered under it, or to repeat the same numbers.
 */
export function OrderAgainButton({
  order,
  access = null,
  variant = 'primary',
  size = 'md',
  hasSeries = false,
  lines = [],
}: {
  order: { id: string; orderNumber: number };
  access?: string | null;
  variant?: ButtonVariant;
  size?: ButtonSize;
  hasSeries?: boolean;
  /** The order's lines, to tell two series apart by their code. */
  lines?: ReadonlyArray<{ id: string; productConfig: { code?: { type: CodeType } | null } }>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const reorder = useReorder(order, access);
  const options = useReorderOptions(order.id, access, hasSeries && open);
  const busy = reorder.isPending ? 'Adding to cart…' : null;
  if (!hasSeries) {
    return (
      <Button
        type="button"
        $variant={variant}
        $size={size}
        onClick={() => reorder.mutate(undefined)}
        disabled={reorder.isPending}
        aria-label={`Order again: order #${order.orderNumber}`}
      >
        {busy ?? 'Order again'}
      </Button>
    );
  }
  const series = options.data?.series ?? [];
  // Escape on the button or in the choices closes them and leaves the focus on the button, as the
  // shop's menu does (shell's site header). Only this button's: another order's choices stay open.
  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  }
  return (
    <div onKeyDown={closeOnEscape}>
      <Button
        ref={toggle}
        type="button"
        $variant={variant}
        $size={size}
        onClick={() => setOpen((current) => !current)}
        aria-expanded={open}
        aria-controls={`${id}-choices`}
        aria-label={`Order again: order #${order.orderNumber}`}
      >
        Order again
      </Button>
      {open && (
        <Choices
          id={`${id}-choices`}
          role="group"
          aria-label={`Order again: order #${order.orderNumber}'s numbered series`}
        >
          {options.isPending && <p role="status">Looking up your numbers…</p>}
          {options.isError && (
            <p role="alert">Your numbers could not be looked up. Please try again.</p>
          )}
          {series.map((choice) => {
            const code = lines.find((line) => line.id === choice.lineId)?.productConfig.code;
            return (
              <p key={choice.lineId} data-testid="reorder-series">
                {code && <>{CODE_TYPE_LABELS[code.type]}: </>}
                Continue: <strong>{choice.continue}</strong>
                <br />
                Repeat: <strong>{choice.repeat}</strong>
              </p>
            );
          })}
          <Row>
            <Button
              type="button"
              $size="sm"
              disabled={reorder.isPending || !options.isSuccess}
              onClick={() => reorder.mutate('continue')}
            >
              {busy ?? 'Continue the series'}
            </Button>
            <Button
              type="button"
              $variant="secondary"
              $size="sm"
              disabled={reorder.isPending || !options.isSuccess}
              onClick={() => reorder.mutate('repeat')}
            >
              Repeat the same numbers
            </Button>
          </Row>
        </Choices>
      )}
    </div>
  );
}
