import { useId, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MAX_LINE_QUANTITY, quantityProblem } from '@shop/contracts/label-options';
import { busyProps } from './button';
import { Field, FieldError, FieldHint, Label } from './form-field';
import { QUOTE_PATH } from './paths';
import { focusRing, fromSmall, theme } from './theme';
import { formatCount } from '@shop/contracts/money';

// The control's border is the theme's control colour: at least 3:1 against white, as a field's edge.
const Group = styled.div`
  display: inline-flex;
  align-items: stretch;
  border: 1px solid ${theme.colors.control};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  overflow: hidden;
  &:focus-within {
    border-color: ${theme.colors.focus};
  }
`;

const Step = styled.button`
  display: grid;
  place-items: center;
  width: 2.75rem;
  min-height: 2.75rem;
  border: 0;
  background: ${theme.colors.sunken};
  color: ${theme.colors.brand};
  font-size: 1.25rem;
  font-weight: 700;
  line-height: 1;
  cursor: pointer;
  touch-action: manipulation;
  &:hover:not(:disabled):not([aria-disabled='true']) {
    background: ${theme.colors.border};
  }
  &:focus-visible {
    ${focusRing} outline-offset: -3px;
  }
  &:disabled,
  &[aria-disabled='true'] {
    color: ${theme.colors.subtle};
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Count = styled.input`
  width: 4.5rem;
  min-height: 2.75rem;
  padding: 0 0.25rem;
  border: 0;
  border-inline: 1px solid ${theme.colors.control};
  background: transparent;
  color: ${theme.colors.ink};
  font: inherit;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  text-align: center;
  &:focus-visible {
    ${focusRing} outline-offset: -3px;
  }
  &[aria-invalid='true'] {
    background: ${theme.colors.dangerSoft};
  }
`;

// In a row of controls (a cart line) the stepper shrinks no narrower than its buttons and digits.
const Root = styled(Field)`
  min-width: auto;
`;

// The control is as wide as its buttons and field, never stretched by the column it sits in (an
// empty box beside "+").
const Control = styled(Group)`
  justify-self: start;
`;

// A long rule ("Quantity must be …") wraps under the control rather than widening its row.
const StepperError = styled(FieldError)`
  max-width: 16rem;
`;

const PendingNote = styled(FieldHint)`
  max-width: 16rem;
  &:empty {
    display: none;
  }
  color: ${theme.colors.ink};
  font-weight: 600;
`;

// The link keeps to one line, on the sentence's baseline; on a phone it is a 44 px target, its line
// made as tall (the words before it keep their place, and no tap meant for the stepper lands on it).
const LimitHint = styled(FieldHint)`
  max-width: 16rem;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.75rem;
    white-space: nowrap;
    color: ${theme.colors.brand};
    font-weight: 600;
  }
  ${fromSmall} {
    a {
      display: inline;
      min-height: auto;
    }
  }
`;

/**
 * The typed quantity, or the rule it breaks: the contracts' quantity rule, as the server checks it
 * (quantityProblem: a whole number from 1 to MAX_LINE_QUANTITY), so "abc" and "100000" get a word,
 * not silence.
 */
export function parseQuantity(text: string): { quantity: number } | { problem: string } {
  const trimmed = text.trim();
  const quantity = trimmed === '' ? Number.NaN : Number(trimmed);
  const problem = quantityProblem(quantity);
  return problem === null ? { quantity } : { problem };
}

export interface QuantityStepperProps {
  /** What the field shows: the quantity as typed, which may not be a valid one yet. */
  text: string;
  /**
   * The quantity minus and plus step from; minus is disabled at 1 (a quantity never goes below 1)
   * and plus at MAX_LINE_QUANTITY (the most a line holds).
   */
  quantity: number;
  onTextChange(text: string): void;
  /** Minus or plus was pressed: the quantity it asks for. */
  onStep(quantity: number): void;
  /**
   * Enter in the field: what the shopper typed is taken (a cart line saves it). Enter never submits
   * the form around the stepper (the configurator's Add to Cart), which nobody asked it to.
   */
  onEnter?(): void;
  /**
   * What the quantity is of ("Phenolic label"): the field and buttons are then named "Quantity of …",
   * "Decrease quantity of …" for screen readers, with no visible label (a cart line). Without it, the
   * field has the visible label "Quantity" (a form).
   */
  itemName?: string;
  /**
   * A save is under way: the buttons take no press (aria-disabled: a focused one keeps the focus, so
   * the next press works once the save is done) and the field is read-only.
   */
  busy?: boolean;
  error?: ReactNode;
  /**
   * Whether the field's text breaks the rule (aria-invalid, the tinted field): by default whenever
   * there is an error. False for an error about a quantity refused and no longer in the field (a cart
   * line puts its saved quantity back).
   */
  invalid?: boolean;
  /** What the typed quantity waits for (a cart line saves it on Enter or leaving), said politely. */
  pending?: ReactNode;
  /** Announce the error at once (role="alert"), for an error shown in answer to Enter or leaving. */
  announceError?: boolean;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/**
 * Minus and plus around a quantity the shopper can also type: the one quantity control of the cart's
 * lines and the configurator, a text field for digits (the same role in both), with the most a line
 * holds said beside it and where to ask for more.
 */
export function QuantityStepper({
  text,
  quantity,
  onTextChange,
  onStep,
  onEnter,
  itemName,
  busy = false,
  error,
  invalid = Boolean(error),
  pending,
  announceError = false,
  onBlur,
  onKeyDown,
}: QuantityStepperProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-limit`;
  const pendingId = `${id}-pending`;
  const describedBy = [error && errorId, pending && pendingId, hintId].filter(Boolean).join(' ');
  const of = itemName ? ` of ${itemName}` : '';
  return (
    <Root>
      {!itemName && <Label htmlFor={id}>Quantity</Label>}
      <Control
        role={itemName ? 'group' : undefined}
        aria-label={itemName ? `Quantity${of}` : undefined}
        aria-busy={busy || undefined}
      >
        <Step
          type="button"
          aria-label={`Decrease quantity${of}`}
          disabled={quantity <= 1}
          {...busyProps(busy)}
          onClick={(event) => {
            const next = Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity - 1));
            // Minus is disabled at 1: the focus goes to the field rather than the page's body.
            if (next <= 1) event.currentTarget.parentElement?.querySelector('input')?.focus();
            onStep(next);
          }}
        >
          <span aria-hidden="true">−</span>
        </Step>
        <Count
          id={id}
          name="quantity"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          aria-label={itemName ? `Quantity${of}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={text}
          readOnly={busy}
          onChange={(event) => onTextChange(event.target.value)}
          onBlur={onBlur}
          onKeyDown={(event) => {
            onKeyDown?.(event);
            if (event.key === 'Enter' && !event.defaultPrevented) {
              event.preventDefault();
              onEnter?.();
            }
          }}
        />
        <Step
          type="button"
          aria-label={`Increase quantity${of}`}
          disabled={quantity >= MAX_LINE_QUANTITY}
          {...busyProps(busy)}
          onClick={(event) => {
            const next = Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity + 1));
            if (next >= MAX_LINE_QUANTITY)
              event.currentTarget.parentElement?.querySelector('input')?.focus();
            onStep(next);
          }}
        >
          <span aria-hidden="true">+</span>
        </Step>
      </Control>
      {error && (
        <StepperError id={errorId} role={announceError ? 'alert' : undefined}>
          {error}
        </StepperError>
      )}
      <PendingNote id={pendingId} role="status">
        {pending}
      </PendingNote>
      <LimitHint id={hintId}>
        Up to {formatCount(MAX_LINE_QUANTITY)} per line. More?{' '}
        <Link to={QUOTE_PATH}>Ask for a quote</Link>
      </LimitHint>
    </Root>
  );
}
