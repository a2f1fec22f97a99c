// The account page's schemas (its three forms' and their answer's), in a chunk of their own that
// profile-schemas.ts loads: the page's first render runs no zod (docs/design.md, "The account
// forms draw without zod").
export { changeEmailSchema, deleteAccountSchema, profileSchema } from '@shop/contracts/accounts';
export { shopUserSchema } from '@shop/contracts/accounts-answers';
