// The insights module's face: the admin's dashboard and exports (docs/product.md section 11), and the
// job that keeps the dashboard's reading of changed orders short.
export { catchUp as takeInChangedOrders, insightsDashboard } from './dashboard';
export { createExport, exportsPage, streamExport } from './exports';
