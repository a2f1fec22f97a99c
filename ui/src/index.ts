// The shop's UI kit. Built into each app (like @shop/contracts); styled-components, React and the router
// are peer dependencies so the one federated copy of each is used at run time.
export * from './theme';
export * from './button';
export * from './dialog';
export * from './toasts';
export * from './form-field';
export * from './quantity-stepper';
export * from './paths';
export * from './icons';
export * from './page';
export * from './sign-in-card';
export * from './order-totals';
export * from './order-status-badge';
export * from './section';
export * from './table';
export * from './query-state';
export * from './visually-hidden';
export * from './use-zod-form';
export * from './use-debounced-value';
export * from './format';
export * from './load-once';
export * from './page-tops';
export * from './breakable-email';
export * from './line-name';
export * from './more-button';
