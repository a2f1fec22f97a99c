// The current-user answer's schema in its own chunk, fetched after the answer (docs/design.md
// section 10), the zod/mini twin of currentUserAnswerSchema: the landing page loads no classic zod.
export { storeCurrentUserSchema as currentUserAnswerSchema } from '@shop/contracts/store-answers';
