export * from './money';
export * from './label-options';
export * from './pricing';
export * from './label-configuration';
export * from './api-error';
export type * from './shop-store';
