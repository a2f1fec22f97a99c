import { useMutation } from '@tanstack/react-query';
import { apiJson, setCartAnswer } from 'shell/store';
import type { CartChangeResponse } from '@shop/contracts/cart';
import { wireConfiguration } from '../label-draft';
import type { LabelConfiguration } from '@shop/contracts/label-configuration';
import { configuratorSchemas } from './configurator-schemas';

/**
 * POST /api/cart with a configuration checked by labelConfigurationSchema. The API answers with the
 * whole cart, which becomes the shared cart query's data: the header's badge and the cart page see the
 * new line without another request.
 */
export async function addToCart(configuration: LabelConfiguration): Promise<CartChangeResponse> {
  const { cartChangeResponseSchema } = await configuratorSchemas();
  const cart = cartChangeResponseSchema.parse(
    await apiJson<unknown>('/api/cart', { body: wireConfiguration(configuration) }),
  );
  setCartAnswer(cart);
  return cart;
}

export function useAddToCart() {
  return useMutation({ mutationFn: addToCart });
}
