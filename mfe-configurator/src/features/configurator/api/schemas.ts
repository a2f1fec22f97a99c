// The contracts' schemas the configurator runs, in a chunk of their own with zod: loaded by
// configuratorSchemas (configurator-schemas.ts) once the shopper starts on the form, so zod stays
// off the configurator page's first render.
export { apiErrorBodySchema } from '@shop/contracts/api-error';
export { sheetCheckSchema, sheetSummarySchema } from '@shop/contracts/asset-tags';
export { cartChangeResponseSchema } from '@shop/contracts/cart';
export { labelConfigurationSchema } from '@shop/contracts/label-configuration';
export { priceResultSchema } from '@shop/contracts/pricing-answers';
export { uploadResponseSchema } from '@shop/contracts/uploads';
