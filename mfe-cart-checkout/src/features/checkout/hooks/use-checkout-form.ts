import { useEffect, useRef, useState } from 'react';
import type { ShopUser } from '@shop/contracts';
import {
  CHECKOUT_FIELD_LABELS,
  checkoutMessages,
  checkoutSummary,
  joinedAddress,
  type CheckoutField,
} from '@shop/contracts/checkout-options';
import { canonicalPostalCode } from '@shop/contracts/postal-regions';
import { toast, useShopStore } from 'shell/store';
import { checkoutSchemas } from '../api/checkout-schemas';
import type { Checkout } from './use-place-order';
import { focusInSight } from '../utils/focus-in-sight';

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

/**
 * The profile's one-line address as the form's fields: "street, city, state" (as checkout saves it)
 * fills all three, anything else the street alone (docs/product.md section 10).
 */
export function splitProfileAddress(
  address: string | null | undefined,
): Pick<CheckoutValues, 'street' | 'city' | 'state'> {
  const parts = (address ?? '').split(',').map((part) => part.trim());
  if (parts.length >= 3 && parts.every(Boolean)) {
    return {
      street: parts.slice(0, -2).join(', '),
      city: parts.at(-2) ?? '',
      state: parts.at(-1) ?? '',
    };
  }
  return { street: (address ?? '').trim(), city: '', state: '' };
}

/** What a signed-in customer already told the shop; an empty field is never overwritten. */
function fromUser(user: ShopUser): Partial<CheckoutValues> {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    company: user.company ?? '',
    ...splitProfileAddress(user.address),
    zipCode: user.zipCode ?? '',
  };
}

/** Whether the address, ZIP, phone or company in the form differ from the profile's. */
export function differsFromProfile(values: CheckoutValues, user: ShopUser): boolean {
  const same = (a: string, b: string | null | undefined) => a.trim() === (b ?? '').trim();
  return !(
    same(joinedAddress(values), user.address) &&
    same(values.zipCode, user.zipCode) &&
    same(values.phone, user.phone) &&
    same(values.company, user.company)
  );
}

export const CHECK_DETAILS_TITLE = 'Please check your details';
const CHECKOUT_UNAVAILABLE = {
  title: 'Checkout unavailable',
  description: 'The checkout could not be loaded. Check your connection and try again.',
};

export type CheckoutValidation =
  | { ok: true; checkout: Checkout }
  | { ok: false; errors: CheckoutErrors; title: string; description: string };

/** The same schema POST /api/orders parses with, so the page and the API refuse the same input alike. */
export async function validateCheckout(values: CheckoutValues): Promise<CheckoutValidation> {
  const { customerInfoSchema } = await checkoutSchemas();
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
  const summary = checkoutSummary(parsed.error.issues);
  if (summary.startsWith('Please fill in: '))
    return { ok: false, errors, title: checkoutMessages.missingTitle, description: summary };
  return { ok: false, errors, title: CHECK_DETAILS_TITLE, description: needChanging(errors) };
}

/**
 * The toast for fields filled in wrongly: how many, in one short line. Each field's own message is
 * under it (and read with it); all of them in the toast made it eight lines on a phone, over the top
 * of the form where the first of those fields gets the focus.
 */
function needChanging(errors: CheckoutErrors): string {
  const fields = CHECKOUT_FIELDS.filter((field) => errors[field]);
  return fields.length === 1
    ? `${CHECKOUT_FIELD_LABELS[fields[0]!]} needs a change: see the message under it.`
    : `${fields.length} fields need a change: see the message under each.`;
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
    const input = focusRequest && fieldRefs.current[focusRequest.field];
    // The field with its label and message, below the toast that says what is wrong.
    if (input) return focusInSight(input, input.parentElement ?? input);
  }, [focusRequest]);

  // The "Please fill in: ..." toast names the fields that were empty at submit. As the shopper fills
  // them it names only those still empty, and goes once none is: it never lists a field already filled.
  const missingToast = useRef<{ id: number; fields: CheckoutField[]; description: string } | null>(
    null,
  );
  useEffect(() => {
    const shown = missingToast.current;
    if (!shown) return;
    const store = useShopStore.getState();
    if (!store.toasts.some((t) => t.id === shown.id && t.open)) {
      missingToast.current = null;
      return;
    }
    const still = shown.fields.filter((field) => !values[field].trim());
    const description = checkoutMessages.missing(
      still.map((field) => CHECKOUT_FIELD_LABELS[field]),
    );
    if (description === shown.description) return;
    if (still.length === 0 || !store.updateToast) {
      store.dismissToast(shown.id);
      missingToast.current = null;
      return;
    }
    store.updateToast(shown.id, { description });
    shown.description = description;
  }, [values]);

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

  /**
   * When the shopper leaves a field: a Canadian postal code is shown as the shop keeps it ("m5v-3l9"
   * becomes "M5V 3L9", docs/product.md section 5). Its message, if any, stays until it is changed.
   */
  function leaveField(field: CheckoutField) {
    if (field !== 'zipCode') return;
    setValues((current) => {
      const canonical = canonicalPostalCode(current.zipCode);
      return canonical && canonical !== current.zipCode
        ? { ...current, zipCode: canonical }
        : current;
    });
  }

  function registerField(field: CheckoutField) {
    return (element: HTMLInputElement | null) => {
      fieldRefs.current[field] = element;
    };
  }

  /** The details to order with, or null after telling the shopper what to fix. */
  async function submit(): Promise<Checkout | null> {
    let result: CheckoutValidation;
    try {
      result = await validateCheckout(values);
    } catch (error) {
      // The form's rules could not be loaded (the connection dropped): nothing was sent.
      console.warn('Could not check the checkout form', error);
      toast({ ...CHECKOUT_UNAVAILABLE, variant: 'destructive' });
      return null;
    }
    missingToast.current = null;
    if (result.ok) {
      setErrors({});
      return result.checkout;
    }
    setErrors(result.errors);
    const id = toast({
      title: result.title,
      description: result.description,
      variant: 'destructive',
    });
    if (result.title === checkoutMessages.missingTitle)
      missingToast.current = {
        id,
        fields: CHECKOUT_FIELDS.filter((field) => !values[field].trim()),
        description: result.description,
      };
    const first = CHECKOUT_FIELDS.find((field) => result.errors[field]);
    if (first) setFocusRequest({ field: first });
    return null;
  }

  // Offered only to a signed-in customer whose form no longer matches the profile; unticked by default.
  const [saveToProfile, setSaveToProfile] = useState(false);
  const offerSave = user !== null && differsFromProfile(values, user);

  return {
    values,
    errors,
    setValue,
    leaveField,
    registerField,
    submit,
    offerSave,
    saveToProfile: offerSave && saveToProfile,
    setSaveToProfile,
  };
}
