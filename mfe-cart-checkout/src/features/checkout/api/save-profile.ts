import { joinedAddress, shopUserSchema, type CustomerInfo, type ShopUser } from '@shop/contracts';
import { apiJson } from 'shell/store';

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
  return shopUserSchema.parse(answer);
}
