import { loadOnce } from '@shop/ui';

/**
 * The account page's schemas (schemas.ts), asked for when its forms are drawn. A submit and each
 * call wait for them, so nothing is sent that could not be checked and its answer read.
 */
export const profileSchemas = loadOnce(() => import('./schemas'));

export const loadProfileSchema = () => profileSchemas().then((schemas) => schemas.profileSchema);
export const loadChangeEmailSchema = () =>
  profileSchemas().then((schemas) => schemas.changeEmailSchema);
export const loadDeleteAccountSchema = () =>
  profileSchemas().then((schemas) => schemas.deleteAccountSchema);
