// Test fixtures shared by the API tests, the apps' unit tests and the end-to-end specs, so the label a
// test orders is written once. Not exported from the package root: only tests import it.
import type { AdminOrder, OrderHistoryEntry } from './orders';

/**
 * The label most tests order: a 3″ × 2″ black-on-white phenolic label with adhesive backing, $5.20 each
 * below ten (docs/design.md section 4's example).
 */
export const SAMPLE_PRODUCT_CONFIG = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'black-white',
  mounting: 'adhesive',
} as const;

/** The checkout form filled in by a test, by each field's visible label (Chicago, so IL tax applies). */
export const SAMPLE_CHECKOUT_FIELDS: Readonly<Record<string, string>> = {
  'First Name': 'Ada',
  'Last Name': 'Lovelace',
  'Phone Number': '312 555 0100',
  'Email Address': 'ada@example.com',
  Company: 'Analytical Engines',
  'Street Address': '120 Main St',
  City: 'Chicago',
  State: 'IL',
  'ZIP/Postal Code': '60601',
};

/** The same customer as the API's checkout takes them (`customerInfo`); a test gives its own email. */
export const SAMPLE_CUSTOMER_INFO = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '312 555 0100',
  company: 'Analytical Engines',
  street: '120 Main St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
} as const;

/**
 * A paid order of two SAMPLE_PRODUCT_CONFIG labels as the order answers show it (the customer's
 * history, the admin's list); a test spreads its own fields over it.
 */
export const SAMPLE_ORDER = {
  id: 'o1',
  orderNumber: 1001,
  createdAt: '2025-03-05T14:30:00.000Z',
  status: 'processing',
  paymentStatus: 'paid',
  subtotal: 10.4,
  discountCode: null,
  discountAmount: 0,
  shipping: 5.5,
  tax: 0.83,
  taxRegion: null,
  total: 16.73,
  notes: null,
  shipment: null,
  refunded: 0,
  items: [
    {
      id: 'i1',
      productConfig: { ...SAMPLE_PRODUCT_CONFIG, customText: 'PUMP 1' },
      files: [],
      quantity: 2,
      unitPrice: 5.2,
      totalPrice: 10.4,
    },
  ],
  proofStatus: 'approved',
} satisfies OrderHistoryEntry;

/** SAMPLE_ORDER as the admin's answers show it: a guest's order, paid, with the customer's details. */
export const SAMPLE_ADMIN_ORDER = {
  ...SAMPLE_ORDER,
  customerId: null,
  accountDeleted: false,
  guestEmail: null,
  customerInfo: {
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '555-0100',
    email: 'ann@example.com',
    company: '',
    street: '12 Main St',
    city: 'New York',
    state: 'NY',
    zipCode: '10001',
  },
  paymentId: 'p1',
  paidAt: '2025-03-05T14:31:00.000Z',
  updatedAt: '2025-03-05T14:31:00.000Z',
} satisfies AdminOrder;
