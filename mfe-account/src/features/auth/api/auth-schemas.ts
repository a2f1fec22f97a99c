import { loadOnce } from '@shop/ui';
import { toast } from 'shell/store';

/**
 * The sign-in dialog's schemas (schemas.ts), asked for when a form is drawn. A form's submit and
 * each call wait for them, so nothing is sent that could not be checked and its answer read.
 */
export const authSchemas = loadOnce(() => import('./schemas'));

export const SCHEMAS_NOT_LOADED =
  'Part of this form could not be loaded. Please check your connection and try again.';

/** A form's answer when its schema could not be loaded: nothing was sent. */
export const schemasNotLoaded = (title: string) => () =>
  toast({ variant: 'destructive', title, description: SCHEMAS_NOT_LOADED });
