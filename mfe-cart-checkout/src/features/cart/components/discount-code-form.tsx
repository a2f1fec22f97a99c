import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, cartQuery, toast, useShopStore } from 'shell/store';
import {
  Button,
  FieldError,
  Input,
  VisuallyHidden,
  busyProps,
  theme,
  formatDollars,
} from '@shop/ui';
import { DISCOUNT_CODE_MAX_LENGTH } from '@shop/contracts/discount-options';
import { readDiscountCodeEntry, useApplyDiscountCode } from '../api/apply-discount-code';
import { saveCartSession } from '../api/save-cart-session';

const Form = styled.form`
  display: grid;
  gap: 0.375rem;
  label {
    font-size: 0.9rem;
    font-weight: 600;
  }
`;

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  input {
    flex: 1;
    min-width: 0;
    text-transform: uppercase;
  }
  input::placeholder {
    text-transform: none;
  }
`;

const Applied = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.625rem 0.5rem 0.625rem 0.875rem;
  border: 1px dashed ${theme.colors.success};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.successSoft};
  font-size: 0.9rem;
  div {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${theme.colors.success};
  }
  strong {
    display: block;
    letter-spacing: 0.04em;
    color: ${theme.colors.ink};
  }
  span {
    display: block;
    color: ${theme.colors.muted};
    font-size: 0.85rem;
  }
  em {
    display: block;
    font-style: normal;
    font-weight: 600;
    color: ${theme.colors.ink};
  }
`;

/**
 * What the code takes off this cart, which its own description may not be: a fixed amount is never
 * more than the subtotal (docs/product.md section 9: a total never goes below 0).
 */
function amountOff(amount: number, subtotal: number): string {
  const off = `${formatDollars(amount)} off this order`;
  return amount > 0 && amount >= subtotal ? `${off} (the whole subtotal)` : off;
}

const FAILED = 'Failed to apply discount code';

/** Enter a code (sent upper-case), or remove the one applied; both are saved with the cart session. */
export function DiscountCodeForm({ subtotal }: { subtotal: number }) {
  const discount = useShopStore((s) => s.discount);
  const queryClient = useQueryClient();
  const applyCode = useApplyDiscountCode();
  const [code, setCode] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // Set when this form applied the code: the form gives way to the applied code, whose Remove takes
  // the focus (the Apply button pressed is gone).
  const applied = useRef(false);
  const errorId = 'discount-code-error';
  useEffect(() => {
    if (!discount || !applied.current) return;
    applied.current = false;
    removeRef.current?.focus();
  }, [discount]);

  /** The store's discount follows the cart query: the cart read again shows what the server kept. */
  async function refreshCart() {
    await queryClient.fetchQuery({ ...cartQuery, staleTime: 0 }).catch((error: unknown) => {
      console.warn('Could not read the cart again', error);
    });
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    try {
      const entry = await readDiscountCodeEntry(code, subtotal);
      setEntryError(entry.ok ? null : entry.message);
      if (!entry.ok) {
        inputRef.current?.focus();
        return;
      }
      const answer = await applyCode.mutateAsync(entry.body);
      if (!answer.valid) {
        toast({
          title: 'Discount code invalid',
          description: answer.message || FAILED,
          variant: 'destructive',
        });
        inputRef.current?.focus();
        return;
      }
      const saved = {
        code: answer.discountCode.code,
        description: answer.discountCode.description,
        amount: answer.discountAmount,
      };
      // Applied once the cart holds it: a save refused (the code ran out meanwhile, too many checks)
      // is told as the code's failure, and the code stays in the box.
      applied.current = true;
      const failed = await saveCartSession(saved);
      await refreshCart();
      if (failed) throw failed;
      setCode('');
      toast({
        title: 'Discount applied!',
        description: `${saved.code}${saved.description ? `: ${saved.description}` : ''} (you save ${formatDollars(saved.amount)})`,
      });
    } catch (error) {
      applied.current = false;
      toast({
        title: 'Discount code invalid',
        description: apiErrorMessage(error) ?? FAILED,
        variant: 'destructive',
      });
      inputRef.current?.focus();
    }
  }

  async function remove() {
    setRemoving(true);
    const failed = await saveCartSession(null);
    await refreshCart();
    setRemoving(false);
    if (failed) {
      toast({
        title: 'Discount not removed',
        description: apiErrorMessage(failed) ?? 'Your discount is still applied. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Discount removed' });
    inputRef.current?.focus();
  }

  if (discount) {
    return (
      <Applied data-testid="applied-discount">
        <div>
          <small>Code applied</small>
          <strong>{discount.code}</strong>
          <em data-testid="applied-discount-amount">{amountOff(discount.amount, subtotal)}</em>
          {discount.description && <span>{discount.description}</span>}
        </div>
        <Button
          ref={removeRef}
          type="button"
          $variant="ghost"
          $size="sm"
          onClick={remove}
          {...busyProps(removing)}
        >
          Remove<VisuallyHidden> discount {discount.code}</VisuallyHidden>
        </Button>
      </Applied>
    );
  }

  return (
    <Form onSubmit={apply} noValidate>
      <label htmlFor="discount-code">Discount code</label>
      <Row>
        <Input
          ref={inputRef}
          id="discount-code"
          name="discountCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={DISCOUNT_CODE_MAX_LENGTH}
          placeholder="Enter code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (entryError) setEntryError(null);
          }}
          aria-invalid={entryError ? true : undefined}
          aria-describedby={entryError ? errorId : undefined}
        />
        <Button type="submit" $variant="secondary" {...busyProps(applyCode.isPending)}>
          {applyCode.isPending ? 'Applying…' : 'Apply'}
        </Button>
      </Row>
      {entryError && (
        <FieldError id={errorId} role="alert">
          {entryError}
        </FieldError>
      )}
    </Form>
  );
}
