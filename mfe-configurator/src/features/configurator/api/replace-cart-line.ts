import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, cartQuery, setCartAnswer } from 'shell/store';
import type { CartChangeResponse } from '@shop/contracts/cart';
import { wireConfiguration } from '../label-draft';
import type { LabelConfiguration } from '@shop/contracts/label-configuration';
import { configuratorSchemas } from './configurator-schemas';

/**
 * PUT /api/cart/{id}/configuration: the cart line edited here replaces the old one (the server prices
 * it) and the whole cart answered becomes the shared cart query's data.
 */
export async function replaceCartLine({
  lineId,
  configuration,
}: {
  lineId: string;
  configuration: LabelConfiguration;
}): Promise<CartChangeResponse> {
  const { cartChangeResponseSchema } = await configuratorSchemas();
  const cart = cartChangeResponseSchema.parse(
    await apiJson<unknown>(`/api/cart/${encodeURIComponent(lineId)}/configuration`, {
      method: 'PUT',
      body: wireConfiguration(configuration),
    }),
  );
  setCartAnswer(cart);
  return cart;
}

export function useReplaceCartLine() {
  return useMutation({ mutationFn: replaceCartLine });
}

/** The cart line being edited (undefined while the cart loads, null when it is not in the cart). */
export function useCartLine(lineId: string | null) {
  const cart = useQuery({ ...cartQuery, enabled: lineId !== null });
  if (lineId === null || !cart.data) return undefined;
  return cart.data.items.find((item) => item.id === lineId) ?? null;
}
