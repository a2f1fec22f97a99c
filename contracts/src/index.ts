export * from './money';
export * from './label-options';
export * from './pricing';
export * from './label-configuration';
export * from './api-error';
export * from './contact';
export type * from './shop-store';
export type * from './account-remote';
