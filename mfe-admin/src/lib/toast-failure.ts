import { apiErrorMessage, toast } from 'shell/store';

/** An admin action's onError: a toast with its title and, when the API said why, the API's message. */
export function toastFailure(title: string) {
  return (error: unknown) => {
    const message = apiErrorMessage(error);
    toast({ variant: 'destructive', title, ...(message ? { description: message } : {}) });
  };
}
