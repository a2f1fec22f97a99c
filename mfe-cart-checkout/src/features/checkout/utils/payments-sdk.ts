// The card provider's browser SDK: Square's Web Payments SDK, or the API's sandbox look-alike with the
// same surface (docs/design.md section 5). Card fields live in the provider's iframe; the shop only ever
// sees the token.
import type { TokenizeResult } from '@shop/contracts';

export interface PaymentCard {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(): Promise<TokenizeResult>;
  destroy?(): Promise<unknown> | unknown;
}

export interface Payments {
  card(options?: unknown): Promise<PaymentCard>;
}

export interface PaymentsSdk {
  payments(applicationId: string, locationId: string): Payments | Promise<Payments>;
}

declare global {
  interface Window {
    Square?: PaymentsSdk;
  }
}

const loading = new Map<string, Promise<PaymentsSdk>>();

/** Adds the provider's script once per URL and resolves with its global once it has run. */
export function loadPaymentsSdk(scriptUrl: string): Promise<PaymentsSdk> {
  if (window.Square) return Promise.resolve(window.Square);
  const existing = loading.get(scriptUrl);
  if (existing) return existing;
  const promise = new Promise<PaymentsSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.Square ? resolve(window.Square) : reject(new Error('The payment script did not load'));
    script.onerror = () => reject(new Error(`The payment script ${scriptUrl} could not be loaded`));
    document.head.appendChild(script);
  });
  // A failed load may be retried (a refresh of the page, a network blip).
  promise.catch(() => loading.delete(scriptUrl));
  loading.set(scriptUrl, promise);
  return promise;
}

/** Why tokenize() did not give a token, in the provider's words, or null to use the default message. */
export function tokenizeErrorMessage(result: TokenizeResult): string | null {
  if (result.status === 'OK') return null;
  const messages = (result.errors ?? []).map((error) => error.message).filter(Boolean);
  return messages.length > 0 ? messages.join(' ') : null;
}
