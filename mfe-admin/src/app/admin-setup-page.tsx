// Exposed as admin/AdminSetupPage: the shell mounts it at /admin-setup.
export { AdminSetupPage as default } from '../features/admin-access/components/admin-setup-page';
