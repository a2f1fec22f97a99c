// Exposed as account/ResetPasswordPage: the shell mounts it at /reset-password (the emailed link).
export { ResetPasswordPage as default } from '../features/account-links/components/reset-password-page';
