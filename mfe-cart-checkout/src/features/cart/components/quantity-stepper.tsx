import styled from 'styled-components';
import { theme } from '@shop/ui';

const Group = styled.div`
  display: inline-flex;
  align-items: stretch;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  overflow: hidden;
`;

const StepButton = styled.button`
  display: grid;
  place-items: center;
  width: 2.75rem;
  min-height: 2.75rem;
  border: 0;
  background: transparent;
  color: ${theme.colors.brand};
  font-size: 1.25rem;
  font-weight: 600;
  line-height: 1;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.sunken};
  }
  &:disabled {
    color: ${theme.colors.borderStrong};
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: -3px;
  }
`;

const Value = styled.output`
  display: grid;
  place-items: center;
  min-width: 2.75rem;
  padding: 0 0.25rem;
  border-inline: 1px solid ${theme.colors.border};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

interface QuantityStepperProps {
  quantity: number;
  /** What the quantity is of, for screen readers ("Phenolic label"). */
  itemName: string;
  busy?: boolean;
  onChange(quantity: number): void;
}

/** Minus and plus around the quantity; minus is disabled at 1, since a quantity never goes below 1. */
export function QuantityStepper({
  quantity,
  itemName,
  busy = false,
  onChange,
}: QuantityStepperProps) {
  return (
    <Group role="group" aria-label={`Quantity of ${itemName}`} aria-busy={busy || undefined}>
      <StepButton
        type="button"
        aria-label={`Decrease quantity of ${itemName}`}
        disabled={busy || quantity <= 1}
        onClick={() => onChange(quantity - 1)}
      >
        −
      </StepButton>
      <Value aria-live="polite" aria-label={`Quantity ${quantity}`}>
        {quantity}
      </Value>
      <StepButton
        type="button"
        aria-label={`Increase quantity of ${itemName}`}
        disabled={busy}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </StepButton>
    </Group>
  );
}
