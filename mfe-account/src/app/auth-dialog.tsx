// Exposed as account/AuthDialog: the shell renders it wherever the store's authDialog asks for it.
export { AuthDialog as default } from '../features/auth/components/auth-dialog';
