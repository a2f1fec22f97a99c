// Exposed as admin/AdminTestPage: mounted by the shell at /admin-test outside production only.
export { AdminTestPage as default } from '../features/diagnostics/components/admin-test-page';
