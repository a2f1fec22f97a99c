// The checkout form's fields, messages and rules without a schema (docs/product.md section 5,
// "Checkout required fields"). Free of zod, so the checkout page's first render reads them without
// zod's classic API; checkout.ts holds the schemas (which use these) and re-exports them.
import { phoneInvalidMessage } from './phone-numbers';
import { canonicalPostalCode, postalRegionMismatch, regionLabel } from './postal-regions';

export { isDialablePhoneNumber } from './phone-numbers';

/** The checkout's fields, in the order the form shows them, with the labels the messages use. */
export const CHECKOUT_FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  phone: 'Phone Number',
  email: 'Email Address',
  company: 'Company',
  street: 'Street Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP/Postal Code',
} as const;
export type CheckoutField = keyof typeof CHECKOUT_FIELD_LABELS;

export const EMAIL_EXAMPLE = 'name@company.com';

export const checkoutMessages = {
  missing: (labels: string[]) => `Please fill in: ${labels.join(', ')}`,
  missingTitle: 'Required Information Missing',
  emailRequired: 'Email address is required.',
  emailInvalid: `Please enter a valid email address (e.g., ${EMAIL_EXAMPLE}).`,
  phoneInvalid: phoneInvalidMessage,
  addressRequired: 'Address is required.',
  addressIncomplete: 'Please enter a complete address with street, city, state.',
  addressInvalidCharacters:
    'Address contains invalid characters. Please use only letters, numbers, spaces, and common punctuation.',
  addressNeedsNumber: 'Please include a street number in your address.',
  zipRequired: 'ZIP code is required.',
  zipInvalid: 'Please enter a valid US ZIP code (12345) or Canadian postal code (V1A 1A1).',
  zipStateMismatch: (zipCode: string, zipRegion: string, stateRegion: string) =>
    `ZIP/Postal Code ${zipCode} is in ${regionLabel(zipRegion)}, not ${regionLabel(stateRegion)}. Please check the State and ZIP/Postal Code.`,
  fieldRequired: (label: string) => `${label} is required.`,
} as const;

// Letters (accented ones too: Montréal), digits, spaces and , . # / -
const ADDRESS_CHARACTERS = /^[\p{L}0-9 ,.#/-]+$/u;

/** A US ZIP (12345, 12345-6789) or a Canadian postal code (A1A 1A1; see canonicalPostalCode). */
export function isValidZipOrPostalCode(value: string): boolean {
  return canonicalPostalCode(value) !== null;
}

/**
 * The message when the State names another state or province than the ZIP's (tax follows the ZIP,
 * docs/design.md section 4); null when they agree or either is one the shop cannot place.
 */
export function zipStateProblem(info: { state: string; zipCode: string }): string | null {
  const mismatch = postalRegionMismatch(info.state, info.zipCode);
  return mismatch
    ? checkoutMessages.zipStateMismatch(
        canonicalPostalCode(info.zipCode) ?? info.zipCode.trim().toUpperCase(),
        mismatch.postalRegion,
        mismatch.stateRegion,
      )
    : null;
}

/** Street, city and state joined as the address rules read them. */
export function joinedAddress(info: { street: string; city: string; state: string }): string {
  return [info.street, info.city, info.state].filter(Boolean).join(', ');
}

/** The address rules on the joined address, in the spec's order; null when it is fine. */
export function addressProblem(address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed) return checkoutMessages.addressRequired;
  if (trimmed.length < 5) return checkoutMessages.addressIncomplete;
  if (!ADDRESS_CHARACTERS.test(trimmed)) return checkoutMessages.addressInvalidCharacters;
  if (!/\d/.test(trimmed)) return checkoutMessages.addressNeedsNumber;
  return null;
}

export interface CheckoutIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * One line for a failed checkout: 'Please fill in: ...' when fields are missing (shown under
 * "Required Information Missing"), otherwise the rules' messages one after the other.
 */
export function checkoutSummary(issues: readonly CheckoutIssue[]): string {
  const missing = issues.find((issue) => issue.message.startsWith('Please fill in: '));
  if (missing) return missing.message;
  return [...new Set(issues.map((issue) => issue.message))].join(' ');
}
