import { useState } from 'react';
import { parseQuantity, QuantityStepper } from '@shop/ui';

interface CartQuantityStepperProps {
  quantity: number;
  /** What the quantity is of, for screen readers ("Phenolic label"). */
  itemName: string;
  busy?: boolean;
  /** onFailed runs when the change could not be saved. */
  onChange(quantity: number, onFailed?: () => void): void;
}

/**
 * A cart line's quantity: minus and plus save at once; a typed quantity is saved on Enter or on leaving
 * the field (until then the field says it is not saved: the totals beside it are the saved ones), and
 * Escape puts the saved one back. A typed quantity that breaks the rule shows the rule
 * and changes nothing: the field shows the cart's quantity again.
 */
export function CartQuantityStepper({
  quantity,
  itemName,
  busy = false,
  onChange,
}: CartQuantityStepperProps) {
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
      // Refused: the field goes back to what the cart holds (the quantity minus and plus step from,
      // and the total beside it), and the rule stays said under it.
      setProblem(typed.problem);
      setDraft(String(quantity));
      return;
    }
    setDraft(String(typed.quantity));
    // Nothing new typed (leaving the field a refusal put back): the refusal's word stays.
    if (typed.quantity === quantity) return;
    setProblem(undefined);
    // A failed save puts the saved quantity back in the field (the card says why).
    onChange(typed.quantity, () => setDraft(String(quantity)));
  }

  function onKeyDown(event: { key: string }) {
    if (event.key === 'Escape') {
      setDraft(String(quantity));
      setProblem(undefined);
    }
  }

  return (
    <QuantityStepper
      text={draft}
      quantity={quantity}
      itemName={itemName}
      busy={busy}
      onTextChange={(text) => {
        // A new text is judged when it is taken (Enter or leaving): the old problem goes.
        setDraft(text);
        setProblem(undefined);
      }}
      onStep={(next) => onChange(next)}
      onEnter={commit}
      onKeyDown={onKeyDown}
      onBlur={commit}
      error={problem && `${problem.replace(/\.$/, '')}. Nothing was changed.`}
      invalid={false}
      pending={
        !problem && draft.trim() !== String(quantity)
          ? 'Not saved yet: press Enter or leave the field to update the total.'
          : undefined
      }
      announceError
    />
  );
}
