// The checkout form's rules and messages (docs/product.md section 5, "Checkout required fields"), shared by the
// checkout page and POST /api/orders so both refuse the same input with the same words.
import { z } from 'zod';
import {
  CHECKOUT_FIELD_LABELS,
  addressProblem,
  checkoutMessages,
  isDialablePhoneNumber,
  isValidZipOrPostalCode,
  joinedAddress,
  zipStateProblem,
  type CheckoutField,
} from './checkout-options';
import { normalizePhoneNumber } from './phone-numbers';
import { canonicalPostalCode } from './postal-regions';

export * from './checkout-options';

const checkoutFields = Object.keys(CHECKOUT_FIELD_LABELS) as CheckoutField[];

/** Per-field message when a required field is empty (the spec's own words where it has them). */
const requiredMessage: Record<CheckoutField, string> = {
  ...(Object.fromEntries(
    checkoutFields.map((field) => [
      field,
      checkoutMessages.fieldRequired(CHECKOUT_FIELD_LABELS[field]),
    ]),
  ) as Record<CheckoutField, string>),
  email: checkoutMessages.emailRequired,
  zipCode: checkoutMessages.zipRequired,
};

const MAX_LENGTH: Record<CheckoutField, number> = {
  firstName: 100,
  lastName: 100,
  phone: 40,
  email: 254,
  company: 200,
  street: 200,
  city: 100,
  state: 100,
  zipCode: 20,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const field = (name: CheckoutField) =>
  z
    .string({ error: `${CHECKOUT_FIELD_LABELS[name]} must be text` })
    .trim()
    .max(
      MAX_LENGTH[name],
      `${CHECKOUT_FIELD_LABELS[name]} must be at most ${MAX_LENGTH[name]} characters`,
    )
    .optional()
    .default('');

/**
 * The checkout's contact and shipping details. Missing fields come first, as one
 * 'Please fill in: {list}' issue on the object (path []) plus one issue per empty field; only when
 * everything is there are the phone, email, address and ZIP rules checked, each as an issue on its
 * field (the ZIP's also that its state or province is the State's, when the shop knows both). A
 * Canadian postal code comes out as the shop keeps it, "A1A 1A1" (canonicalPostalCode), and the phone
 * with its pasted Unicode spaces and dashes as ' ' and '-' and its invisible characters dropped
 * (normalizePhoneNumber).
 */
export const customerInfoSchema = z
  .object(
    Object.fromEntries(checkoutFields.map((name) => [name, field(name)])) as Record<
      CheckoutField,
      ReturnType<typeof field>
    >,
    { error: 'Customer info must be an object' },
  )
  .superRefine((info, ctx) => {
    // A phone of invisible characters only is as empty as a blank one.
    const missing = checkoutFields.filter((name) =>
      name === 'phone' ? !normalizePhoneNumber(info.phone) : !info[name],
    );
    if (missing.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: checkoutMessages.missing(missing.map((name) => CHECKOUT_FIELD_LABELS[name])),
      });
      for (const name of missing)
        ctx.addIssue({ code: 'custom', path: [name], message: requiredMessage[name] });
      return;
    }
    if (!isDialablePhoneNumber(info.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: checkoutMessages.phoneInvalid });
    }
    if (!EMAIL.test(info.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: checkoutMessages.emailInvalid });
    }
    const address = addressProblem(joinedAddress(info));
    if (address) ctx.addIssue({ code: 'custom', path: ['street'], message: address });
    if (!isValidZipOrPostalCode(info.zipCode)) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: checkoutMessages.zipInvalid });
    } else {
      const mismatch = zipStateProblem(info);
      if (mismatch) ctx.addIssue({ code: 'custom', path: ['zipCode'], message: mismatch });
    }
  })
  .transform((info) => ({
    ...info,
    phone: normalizePhoneNumber(info.phone),
    email: info.email.toLowerCase(),
    zipCode: canonicalPostalCode(info.zipCode) ?? info.zipCode,
  }));
export type CustomerInfo = z.output<typeof customerInfoSchema>;
export type CustomerInfoInput = z.input<typeof customerInfoSchema>;

/**
 * POST /api/orders (docs/design.md section 5a). Only the customer's details and a note: items, prices,
 * discount, shipping and tax come from the server's own data, and any other key is dropped.
 */
export const createOrderSchema = z.object({
  // Missing altogether reads as empty, so the answer names every field to fill in.
  customerInfo: customerInfoSchema.prefault({}),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(1000, 'Notes must be at most 1000 characters')
    .nullish()
    .transform((value) => value || null),
  /** "Skip the proof, engrave as shown": the paid order goes straight to processing. */
  skipProof: z.boolean({ error: 'skipProof must be true or false' }).optional().default(false),
  /**
   * The total the page showed (its quote, dollars): the order is refused (409) when the cart now
   * makes another, so the card is never charged an amount the shopper did not see. Left out, not
   * checked (a client without a quote).
   */
  expectedTotal: z
    .number({ error: 'expectedTotal must be a number' })
    .nonnegative('expectedTotal must be a number')
    .optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** The 409 of an order whose cart makes another total than the one the page showed. */
export const totalChangedMessage = (total: string) =>
  `Your cart changed since this total was shown: it is now ${total}. Please check your order and pay again.`;

/** POST /api/checkout/quote: the amounts for the address entered, before the card is charged. */
export const checkoutQuoteSchema = z.object({
  zipCode: z
    .string({ error: checkoutMessages.zipRequired })
    .trim()
    .min(1, checkoutMessages.zipRequired)
    .refine(isValidZipOrPostalCode, checkoutMessages.zipInvalid)
    .transform((zipCode) => canonicalPostalCode(zipCode) ?? zipCode),
});
export type CheckoutQuoteInput = z.input<typeof checkoutQuoteSchema>;

/** The answer: in dollars; `total` is exactly what paying for an order placed now charges. */
export interface CheckoutQuote {
  subtotal: number;
  discountCode: string | null;
  discountAmount: number;
  shipping: number;
  /** The carrier that rate is: the lower of USPS's and UPS's (USPS when equal); null with no lines. */
  shippingCarrier: 'usps' | 'ups' | null;
  tax: number;
  taxRegion: string | null;
  total: number;
}
