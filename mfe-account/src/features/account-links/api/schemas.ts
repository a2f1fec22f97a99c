// The emailed links' pages' schemas (the new password's form and the two answers), in a chunk of
// their own that account-links.ts loads: the pages draw without zod (docs/design.md, "The account
// forms draw without zod").
export { resetPasswordFormSchema } from '@shop/contracts/accounts';
export { emailConfirmedSchema, shopUserSchema } from '@shop/contracts/accounts-answers';
