// Fixtures without the store: a test of the store's own modules (shell/src/store) imports them here,
// since the helpers of ./index.tsx load the whole store module.
import type { ShopUser } from '@shop/contracts';

/** A signed-in customer (not an admin). */
export const TEST_USER: ShopUser = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: null,
  company: 'Acme',
  address: '1 Main St',
  zipCode: '12345',
  isAdmin: false,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-02T10:00:00.000Z',
};
