import { toast } from 'shell/store';

export const SCHEMAS_NOT_LOADED =
  'Part of this form could not be loaded. Please check your connection and try again.';

/** A form's answer when its lazily loaded schema could not be loaded: nothing was sent. */
export const schemasNotLoaded = (title: string) => () =>
  toast({ variant: 'destructive', title, description: SCHEMAS_NOT_LOADED });
