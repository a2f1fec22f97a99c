import { useId } from 'react';
import styled from 'styled-components';
import { Field, FieldError, Label, focusRing, theme } from '@shop/ui';

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
  border: 0;
  border-inline: 1px solid ${theme.colors.control};
  text-align: center;
  font-size: 1rem;
  font-weight: 600;
  color: ${theme.colors.ink};
  -moz-appearance: textfield;
  &::-webkit-outer-spin-button,
  &::-webkit-inner-spin-button {
    -webkit-appearance: none;
    margin: 0;
  }
  &:focus-visible {
    ${focusRing} outline-offset: -3px;
  }
`;

interface QuantityStepperProps {
  value: string;
  error?: string;
  onChange(quantity: string): void;
}

function asCount(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
}

/** Quantity with minus and plus; it never goes below 1 (the minus button is disabled there). */
export function QuantityStepper({ value, error, onChange }: QuantityStepperProps) {
  const id = useId();
  const count = asCount(value);
  return (
    <Field>
      <Label htmlFor={id}>Quantity</Label>
      <Group>
        <Step
          type="button"
          aria-label="Decrease quantity"
          disabled={count <= 1}
          onClick={() => onChange(String(Math.max(1, count - 1)))}
        >
          <span aria-hidden="true">−</span>
        </Step>
        <Count
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[^\d]/g, ''))}
          onBlur={() => {
            if (count < 1) onChange('1');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Step
          type="button"
          aria-label="Increase quantity"
          onClick={() => onChange(String(Math.max(1, count + 1)))}
        >
          <span aria-hidden="true">+</span>
        </Step>
      </Group>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </Field>
  );
}
