import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { cartQuantitySchema } from '@shop/contracts';
import { FieldError, theme } from '@shop/ui';

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

const Value = styled.input`
  width: 4.5rem;
  min-height: 2.75rem;
  padding: 0 0.25rem;
  border: 0;
  border-inline: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.ink};
  font: inherit;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  text-align: center;
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: -3px;
  }
  &[aria-invalid='true'] {
    background: ${theme.colors.dangerSoft};
  }
`;

const Wrapper = styled.div`
  display: grid;
  gap: 0.25rem;
  p {
    margin: 0;
    max-width: 16rem;
  }
`;

/** The typed quantity, or the rule it breaks (the contracts' quantity rule, as the server checks it). */
export function parseQuantity(text: string): { quantity: number } | { problem: string } {
  const trimmed = text.trim();
  const result = cartQuantitySchema.safeParse({ quantity: trimmed === '' ? NaN : Number(trimmed) });
  return result.success
    ? { quantity: result.data.quantity }
    : { problem: result.error.issues[0]?.message ?? 'Quantity must be a whole number' };
}

interface QuantityStepperProps {
  quantity: number;
  /** What the quantity is of, for screen readers ("Phenolic label"). */
  itemName: string;
  busy?: boolean;
  /** onFailed runs when the change could not be saved. */
  onChange(quantity: number, onFailed?: () => void): void;
}

/**
 * Minus and plus around a quantity the shopper can also type: Enter or leaving the field saves it,
 * Escape puts the saved one back. Minus is disabled at 1, since a quantity never goes below 1; a typed
 * quantity that breaks the rule shows the rule and changes nothing.
 */
export function QuantityStepper({
  quantity,
  itemName,
  busy = false,
  onChange,
}: QuantityStepperProps) {
  const errorId = useId();
  const [draft, setDraft] = useState(String(quantity));
  const [problem, setProblem] = useState<string>();
  // A new quantity from the server (the stepper, another tab) replaces what the field shows.
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(String(quantity));
    setProblem(undefined);
  }

  function commit() {
    if (busy) return;
    const typed = parseQuantity(draft);
    if ('problem' in typed) {
      setProblem(typed.problem);
      return;
    }
    setProblem(undefined);
    setDraft(String(typed.quantity));
    // A failed save puts the saved quantity back in the field (the card says why).
    if (typed.quantity !== quantity) onChange(typed.quantity, () => setDraft(String(quantity)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(String(quantity));
      setProblem(undefined);
    }
  }

  return (
    <Wrapper>
      <Group role="group" aria-label={`Quantity of ${itemName}`} aria-busy={busy || undefined}>
        <StepButton
          type="button"
          aria-label={`Decrease quantity of ${itemName}`}
          disabled={busy || quantity <= 1}
          onClick={() => onChange(quantity - 1)}
        >
          −
        </StepButton>
        <Value
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={`Quantity of ${itemName}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          value={draft}
          readOnly={busy}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
        />
        <StepButton
          type="button"
          aria-label={`Increase quantity of ${itemName}`}
          disabled={busy}
          onClick={() => onChange(quantity + 1)}
        >
          +
        </StepButton>
      </Group>
      {problem && (
        <FieldError id={errorId} role="alert">
          {problem}. Nothing was changed.
        </FieldError>
      )}
    </Wrapper>
  );
}
