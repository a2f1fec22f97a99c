import type { CustomerInfo, ShopUser } from '@shop/contracts';
import { joinedAddress } from '@shop/contracts/checkout-options';
import { apiJson } from 'shell/store';
import { checkoutSchemas } from './checkout-schemas';

/**
 * PUT /api/account/profile with the address, ZIP, phone and company the shopper checked out with
 * (docs/product.md section 10): called only after the payment succeeded, and only when they ticked
 * "Save this address to my profile".
 */
export async function saveCheckoutDetailsToProfile(info: CustomerInfo): Promise<ShopUser> {
  const answer = await apiJson<unknown>('/api/account/profile', {
    method: 'PUT',
    body: {
      firstName: info.firstName,
      lastName: info.lastName,
      phone: info.phone,
      company: info.company,
      address: joinedAddress(info),
      zipCode: info.zipCode,
    },
  });
  const { shopUserSchema } = await checkoutSchemas();
  return shopUserSchema.parse(answer);
}
