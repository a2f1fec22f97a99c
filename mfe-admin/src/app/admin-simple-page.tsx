// Exposed as admin/AdminSimplePage: mounted by the shell at /admin-simple outside production only.
export { AdminSimplePage as default } from '../features/diagnostics/components/admin-simple-page';
