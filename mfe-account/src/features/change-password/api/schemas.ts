// Change Password's form schema, in a chunk of its own that change-password.ts loads: the dialog
// opens without zod (docs/design.md, "The account forms draw without zod").
export { changePasswordFormSchema } from '@shop/contracts/accounts';
