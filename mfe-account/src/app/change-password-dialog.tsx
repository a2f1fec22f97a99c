// Exposed as account/ChangePasswordDialog: the shell's account menu opens it.
export { ChangePasswordDialog as default } from '../features/change-password/components/change-password-dialog';
