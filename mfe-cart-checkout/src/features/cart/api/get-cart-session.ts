// GET /api/cart/session: the discount saved with this shopper's cart, restored when the cart opens.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { cartSessionResponseSchema, type CartSessionResponse } from '@shop/contracts';
import { apiJson, useShopStore } from 'shell/store';

export type CartSession = CartSessionResponse;

export const cartSessionQueryKey = ['cart-session'] as const;

export async function getCartSession(): Promise<CartSession> {
  return cartSessionResponseSchema.parse(await apiJson<unknown>('/api/cart/session'));
}

/** Puts the saved discount (or none) into the federated store once the session has been read. */
export function useRestoreDiscount(): void {
  const setDiscount = useShopStore((s) => s.setDiscount);
  const { data } = useQuery({
    queryKey: cartSessionQueryKey,
    queryFn: getCartSession,
    staleTime: 0,
  });
  useEffect(() => {
    if (!data) return;
    setDiscount(
      data.discountCode
        ? {
            code: data.discountCode,
            description: data.discountData?.description ?? null,
            amount: data.discountAmount ?? 0,
          }
        : null,
    );
  }, [data, setDiscount]);
}
