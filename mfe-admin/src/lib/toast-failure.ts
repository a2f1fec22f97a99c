import { apiErrorMessage, toast } from 'shell/store';

/**
 * An admin action's onError: a toast with its title and, when the API said why, the API's message.
 * `then`: what to do after, such as reading the order again (a refusal often means another admin
 * changed it, and the screen should show what it now is).
 */
export function toastFailure(title: string, { then }: { then?: () => unknown } = {}) {
  return (error: unknown) => {
    const message = apiErrorMessage(error);
    toast({ variant: 'destructive', title, ...(message ? { description: message } : {}) });
    void then?.();
  };
}
