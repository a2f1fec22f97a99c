import { useEffect, useRef, useState } from 'react';
import {
  CHECKOUT_FIELD_LABELS,
  checkoutMessages,
  checkoutSummary,
  customerInfoSchema,
  type CheckoutField,
  type ShopUser,
} from '@shop/contracts';
import { toast, useShopStore } from 'shell/store';
import type { Checkout } from './use-place-order';

export const CHECKOUT_FIELDS = Object.keys(CHECKOUT_FIELD_LABELS) as CheckoutField[];

/** skipProof is 'yes' when "Skip the proof, engrave as shown" is ticked (docs/product.md, "Proofs"). */
export type CheckoutValues = Record<CheckoutField, string> & { notes: string; skipProof: string };
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

const EMPTY: CheckoutValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  company: '',
  street: '',
  city: '',
  state: '',
  zipCode: '',
  notes: '',
  skipProof: '',
};

/** What a signed-in customer already told the shop; an empty field is never overwritten. */
function fromUser(user: ShopUser): Partial<CheckoutValues> {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    company: user.company ?? '',
    zipCode: user.zipCode ?? '',
  };
}

export const CHECK_DETAILS_TITLE = 'Please check your details';

export type CheckoutValidation =
  | { ok: true; checkout: Checkout }
  | { ok: false; errors: CheckoutErrors; title: string; description: string };

/** The same schema POST /api/orders parses with, so the page and the API refuse the same input alike. */
export function validateCheckout(values: CheckoutValues): CheckoutValidation {
  const { notes, skipProof, ...customerInfo } = values;
  const parsed = customerInfoSchema.safeParse(customerInfo);
  if (parsed.success)
    return {
      ok: true,
      checkout: {
        customerInfo: parsed.data,
        notes: notes.trim() || null,
        skipProof: skipProof === 'yes',
      },
    };
  const errors: CheckoutErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CheckoutField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  const description = checkoutSummary(parsed.error.issues);
  const missing = description.startsWith('Please fill in: ');
  return {
    ok: false,
    errors,
    title: missing ? checkoutMessages.missingTitle : CHECK_DETAILS_TITLE,
    description,
  };
}

/**
 * The checkout's contact and shipping form: values, per-field errors, and a submit check that tells
 * the shopper what is wrong (a toast, each field's own message) and moves focus to the first bad field.
 */
export function useCheckoutForm() {
  const user = useShopStore((s) => s.user);
  const [values, setValues] = useState<CheckoutValues>(EMPTY);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const fieldRefs = useRef<Partial<Record<CheckoutField, HTMLInputElement | null>>>({});
  // Focus moves after the errors are drawn, so the field is read out with its message.
  const [focusRequest, setFocusRequest] = useState<{ field: CheckoutField } | null>(null);

  useEffect(() => {
    if (focusRequest) fieldRefs.current[focusRequest.field]?.focus();
  }, [focusRequest]);

  useEffect(() => {
    if (!user) return;
    const known = fromUser(user);
    setValues((current) => {
      const next = { ...current };
      for (const [field, value] of Object.entries(known) as [keyof CheckoutValues, string][]) {
        if (!next[field] && value) next[field] = value;
      }
      return next;
    });
  }, [user]);

  function setValue(field: keyof CheckoutValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'notes' && field !== 'skipProof' && errors[field])
      setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function registerField(field: CheckoutField) {
    return (element: HTMLInputElement | null) => {
      fieldRefs.current[field] = element;
    };
  }

  /** The details to order with, or null after telling the shopper what to fix. */
  function submit(): Checkout | null {
    const result = validateCheckout(values);
    if (result.ok) {
      setErrors({});
      return result.checkout;
    }
    setErrors(result.errors);
    toast({ title: result.title, description: result.description, variant: 'destructive' });
    const first = CHECKOUT_FIELDS.find((field) => result.errors[field]);
    if (first) setFocusRequest({ field: first });
    return null;
  }

  return { values, errors, setValue, registerField, submit };
}
