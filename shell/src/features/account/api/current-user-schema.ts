// The current-user answer's schema in its own chunk, fetched after the answer (docs/design.md
// section 10): zod is not needed before the landing page is interactive.
export { currentUserAnswerSchema } from '@shop/contracts/accounts-answers';
