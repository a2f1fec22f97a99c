// The sign-in dialog's schemas (its three forms' and their answers'), in a chunk of their own that
// auth-schemas.ts loads: the dialog opens without zod (docs/design.md, "The account forms draw
// without zod").
export { forgotPasswordSchema, loginSchema, registerSchema } from '@shop/contracts/accounts';
export { forgotPasswordAnswerSchema, shopUserSchema } from '@shop/contracts/accounts-answers';
