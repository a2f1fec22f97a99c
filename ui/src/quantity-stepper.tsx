import { useId, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Field, FieldError, Label } from './form-field';
import { focusRing, theme } from './theme';

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
  &:hover:not(:disabled) {
    background: ${theme.colors.border};
  }
  &:focus-visible {
    ${focusRing} outline-offset: -3px;
  }
  &:disabled {
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
  -moz-appearance: textfield;
  &::-webkit-outer-spin-button,
  &::-webkit-inner-spin-button {
    -webkit-appearance: none;
    margin: 0;
  }
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

// A long rule ("Quantity must be …") wraps under the control rather than widening its row.
const StepperError = styled(FieldError)`
  max-width: 16rem;
`;

export interface QuantityStepperProps {
  /** What the field shows: the quantity as typed, which may not be a valid one yet. */
  text: string;
  /** The quantity minus and plus step from; minus is disabled at 1, since a quantity never goes below 1. */
  quantity: number;
  onTextChange(text: string): void;
  /** Minus or plus was pressed: the quantity it asks for. */
  onStep(quantity: number): void;
  /**
   * What the quantity is of ("Phenolic label"): the field and buttons are then named "Quantity of …",
   * "Decrease quantity of …" for screen readers, with no visible label (a cart line). Without it, the
   * field has the visible label "Quantity" (a form).
   */
  itemName?: string;
  /**
   * 'number' for a form's field (a spin button whose typed digits the form checks), 'text' for a field
   * saved on Enter or on leaving it (a cart line, which checks the typed text itself).
   */
  type?: 'number' | 'text';
  /** A save is under way: the buttons are disabled and the field read-only. */
  busy?: boolean;
  error?: ReactNode;
  /** Announce the error at once (role="alert"), for an error shown in answer to Enter or leaving. */
  announceError?: boolean;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/** Minus and plus around a quantity the shopper can also type (the cart's lines, the configurator). */
export function QuantityStepper({
  text,
  quantity,
  onTextChange,
  onStep,
  itemName,
  type = 'text',
  busy = false,
  error,
  announceError = false,
  onBlur,
  onKeyDown,
}: QuantityStepperProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const of = itemName ? ` of ${itemName}` : '';
  return (
    <Root>
      {!itemName && <Label htmlFor={id}>Quantity</Label>}
      <Group
        role={itemName ? 'group' : undefined}
        aria-label={itemName ? `Quantity${of}` : undefined}
        aria-busy={busy || undefined}
      >
        <Step
          type="button"
          aria-label={`Decrease quantity${of}`}
          disabled={busy || quantity <= 1}
          onClick={() => onStep(Math.max(1, quantity - 1))}
        >
          <span aria-hidden="true">−</span>
        </Step>
        <Count
          id={id}
          name="quantity"
          type={type}
          inputMode="numeric"
          autoComplete="off"
          min={type === 'number' ? 1 : undefined}
          step={type === 'number' ? 1 : undefined}
          aria-label={itemName ? `Quantity${of}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          readOnly={busy}
          onChange={(event) => onTextChange(event.target.value)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        <Step
          type="button"
          aria-label={`Increase quantity${of}`}
          disabled={busy}
          onClick={() => onStep(Math.max(1, quantity + 1))}
        >
          <span aria-hidden="true">+</span>
        </Step>
      </Group>
      {error && (
        <StepperError id={errorId} role={announceError ? 'alert' : undefined}>
          {error}
        </StepperError>
      )}
    </Root>
  );
}
