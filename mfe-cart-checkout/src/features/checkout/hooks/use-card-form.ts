import { useEffect, useRef, useState } from 'react';
import { toast } from 'shell/store';
import { usePaymentConfig } from '../api/get-payment-config';
import { loadPaymentsSdk, type PaymentCard } from '../utils/payments-sdk';

export const CARD_CONTAINER_ID = 'card-container';

export const PAYMENT_SETUP_ERROR = 'Payment Setup Error';
export const PAYMENT_NOT_CONFIGURED =
  'Payment processing is currently being configured. Please try again later.';
export const PAYMENT_FORM_FAILED =
  'Unable to initialize payment form. Please refresh and try again.';

export type CardFormState =
  | { status: 'loading'; card: null; error: null }
  | { status: 'ready'; card: PaymentCard; error: null }
  | { status: 'error'; card: null; error: string };

/**
 * Loads the payment config and the provider's script, then draws the card form into
 * #card-container. The card is ready only once attached; any setup failure is told once, as
 * 'Payment Setup Error'.
 */
export function useCardForm(enabled: boolean): CardFormState {
  const config = usePaymentConfig(enabled);
  const [state, setState] = useState<CardFormState>({ status: 'loading', card: null, error: null });
  const told = useRef<string | null>(null);

  const configProblem =
    config.isError ||
    (config.data &&
      (!config.data.applicationId || !config.data.locationId || !config.data.scriptUrl));

  useEffect(() => {
    if (!enabled || !config.data || configProblem) return;
    const { applicationId, locationId, scriptUrl } = config.data;
    let cancelled = false;
    let attached: PaymentCard | null = null;
    setState({ status: 'loading', card: null, error: null });
    (async () => {
      const sdk = await loadPaymentsSdk(scriptUrl);
      const payments = await sdk.payments(applicationId, locationId);
      const card = await payments.card();
      if (cancelled) return;
      const container = document.getElementById(CARD_CONTAINER_ID);
      if (!container) throw new Error('The card form has nowhere to go');
      container.replaceChildren();
      await card.attach(`#${CARD_CONTAINER_ID}`);
      attached = card;
      if (cancelled) {
        void card.destroy?.();
        return;
      }
      setState({ status: 'ready', card, error: null });
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error('The card form could not be set up', error);
      setState({ status: 'error', card: null, error: PAYMENT_FORM_FAILED });
    });
    return () => {
      cancelled = true;
      void attached?.destroy?.();
    };
  }, [enabled, config.data, configProblem]);

  const effective: CardFormState = configProblem
    ? { status: 'error', card: null, error: PAYMENT_NOT_CONFIGURED }
    : state;

  useEffect(() => {
    if (effective.status !== 'error' || told.current === effective.error) return;
    told.current = effective.error;
    toast({ title: PAYMENT_SETUP_ERROR, description: effective.error, variant: 'destructive' });
  }, [effective.status, effective.error]);

  return effective;
}
