import { loadOnce } from '@shop/ui';

/**
 * The sign-in dialog's schemas (schemas.ts), asked for when a form is drawn. A form's submit and
 * each call wait for them, so nothing is sent that could not be checked and its answer read.
 */
export const authSchemas = loadOnce(() => import('./schemas'));
