// Exposed as account/ConfirmEmailPage: the shell mounts it at /confirm-email (the emailed link).
export { ConfirmEmailPage as default } from '../features/account-links/components/confirm-email-page';
