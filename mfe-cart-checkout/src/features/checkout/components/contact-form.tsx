import type { FormEvent } from 'react';
import styled from 'styled-components';
import { labelNumbers } from '@shop/contracts/asset-tag-terms';
import { CHECKOUT_FIELD_LABELS, type CheckoutField } from '@shop/contracts/checkout-options';
import { CheckboxField, TextField, fromMedium, theme, Card, CardTitle } from '@shop/ui';
import type { CheckoutErrors, CheckoutValues } from '../hooks/use-checkout-form';

export const CHECKOUT_FORM_ID = 'checkout-form';

// Phones: two columns, so short fields (names, state and ZIP) pair up. Wider: six, so city, state and
// ZIP share a row.
const Grid = styled.div`
  clear: both;
  display: grid;
  gap: 1rem 0.75rem;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  & > * {
    grid-column: 1 / -1;
  }
  & > [data-pair] {
    grid-column: span 1;
  }
  ${fromMedium} {
    gap: 1rem;
    grid-template-columns: repeat(6, minmax(0, 1fr));
    & > *,
    & > [data-pair] {
      grid-column: span 3;
    }
    & > [data-span='full'] {
      grid-column: 1 / -1;
    }
    & > [data-span='third'] {
      grid-column: span 2;
    }
  }
`;

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  & + & {
    margin-top: 1.5rem;
    padding-top: 1.5rem;
    border-top: 1px solid ${theme.colors.border};
  }
  legend {
    float: left;
    width: 100%;
    padding: 0;
    margin-bottom: 1rem;
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${theme.colors.subtle};
  }
`;

const ProofNote = styled.p`
  margin: 0 0 0.25rem;
  font-size: 0.9rem;
  color: ${theme.colors.subtle};
`;

const Notes = styled.div`
  clear: both;
  display: grid;
  gap: 0.375rem;
  label {
    font-size: 0.9rem;
    font-weight: 600;
  }
  label span {
    font-weight: 400;
    color: ${theme.colors.subtle};
  }
  textarea {
    min-height: 5rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${theme.colors.borderStrong};
    border-radius: ${theme.radiusSmall};
    font: inherit;
    font-size: 1rem;
    resize: vertical;
  }
  textarea:focus {
    outline: none;
    border-color: ${theme.colors.focus};
    box-shadow: 0 0 0 3px rgb(37 99 235 / 0.25);
  }
`;

const Required = styled.p`
  margin: -0.5rem 0 1.25rem;
  font-size: 0.875rem;
  color: ${theme.colors.muted};
`;

interface FieldSpec {
  name: CheckoutField;
  autoComplete: string;
  type?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  /** Width from medium screens up: half (the default), the full row, or a third. */
  span?: 'full' | 'third';
  /** Shares a row with its neighbour on phones. */
  pair?: boolean;
}

const CONTACT: FieldSpec[] = [
  { name: 'firstName', autoComplete: 'given-name', pair: true },
  { name: 'lastName', autoComplete: 'family-name', pair: true },
  { name: 'phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
  { name: 'email', autoComplete: 'email', type: 'email', inputMode: 'email' },
  { name: 'company', autoComplete: 'organization', span: 'full' },
];

const SHIPPING: FieldSpec[] = [
  { name: 'street', autoComplete: 'address-line1', span: 'full' },
  { name: 'city', autoComplete: 'address-level2', span: 'third' },
  { name: 'state', autoComplete: 'address-level1', span: 'third', pair: true },
  { name: 'zipCode', autoComplete: 'postal-code', span: 'third', pair: true },
];

interface ContactFormProps {
  values: CheckoutValues;
  errors: CheckoutErrors;
  disabled: boolean;
  onChange(field: keyof CheckoutValues, value: string): void;
  /** The shopper left a field (the ZIP is then shown as the shop keeps it). */
  onLeave?(field: CheckoutField): void;
  registerField(field: CheckoutField): (element: HTMLInputElement | null) => void;
  onSubmit(): void;
  /** A signed-in customer whose details differ from the profile may save them back (after paying). */
  saveOffer?: { checked: boolean; onChange(checked: boolean): void } | undefined;
  /**
   * The lines (numbered from 1) whose text is too small to engrave legibly: they get a proof, so
   * skipping it is not offered (the API would refuse it).
   */
  proofRequired?: readonly number[];
}

/**
 * Contact and shipping details. The Complete Payment button (in the payment panel, `form` attribute)
 * is this form's submit button, so Enter in a field pays too, and does nothing while it is disabled.
 */
export function ContactForm({
  values,
  errors,
  disabled,
  onChange,
  onLeave,
  registerField,
  onSubmit,
  saveOffer,
  proofRequired = [],
}: ContactFormProps) {
  const mustProof = proofRequired.length > 0;
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  const field = ({ name, autoComplete, type = 'text', inputMode, span, pair }: FieldSpec) => (
    <div key={name} data-span={span} data-pair={pair || undefined}>
      <TextField
        ref={registerField(name)}
        aria-required
        label={CHECKOUT_FIELD_LABELS[name]}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={values[name]}
        error={errors[name]}
        disabled={disabled}
        hint={name === 'street' ? 'Include the street number, e.g. 120 Main St' : undefined}
        onChange={(event) => onChange(name, event.target.value)}
        onBlur={() => onLeave?.(name)}
      />
    </div>
  );

  return (
    <Card aria-labelledby="contact-title">
      <CardTitle id="contact-title">Contact &amp; Shipping</CardTitle>
      <Required>All fields are required unless marked optional.</Required>
      <form id={CHECKOUT_FORM_ID} noValidate onSubmit={submit} aria-labelledby="contact-title">
        <Fieldset>
          <legend>Contact information</legend>
          <Grid>{CONTACT.map(field)}</Grid>
        </Fieldset>
        <Fieldset>
          <legend>Shipping address</legend>
          <Grid>{SHIPPING.map(field)}</Grid>
          {saveOffer && (
            <CheckboxField
              label="Save this address to my profile"
              checked={saveOffer.checked}
              disabled={disabled}
              onChange={(event) => saveOffer.onChange(event.target.checked)}
            />
          )}
        </Fieldset>
        <Fieldset>
          <legend>Notes</legend>
          <Notes>
            <label htmlFor="checkout-notes">
              Order notes <span>(optional)</span>
            </label>
            <textarea
              id="checkout-notes"
              name="notes"
              maxLength={1000}
              value={values.notes}
              disabled={disabled}
              placeholder="Delivery instructions, a PO number, or anything we should know"
              onChange={(event) => onChange('notes', event.target.value)}
            />
          </Notes>
        </Fieldset>
        <Fieldset>
          <legend>Proof</legend>
          <ProofNote id="checkout-proof-note">
            We email you a proof of every label after payment and engrave only after you approve it.
            {mustProof &&
              ` ${labelNumbers(proofRequired)}: the text is too small to engrave legibly at this size, so this order gets a proof.`}
          </ProofNote>
          <CheckboxField
            name="skipProof"
            label="Skip the proof, engrave as shown"
            aria-describedby="checkout-proof-note"
            checked={values.skipProof === 'yes' && !mustProof}
            disabled={disabled || mustProof}
            onChange={(event) => onChange('skipProof', event.target.checked ? 'yes' : '')}
          />
        </Fieldset>
      </form>
    </Card>
  );
}
