// Exposed as account/AccountPage: the shell mounts it at /account.
export { AccountPage as default } from '../features/profile/components/account-page';
