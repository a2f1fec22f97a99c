// Exposed as admin/AdminSetupPage: the shell mounts it at /admin-setup.
import { queryClient, useShopStore } from 'shell/store';
import { getAdminStatus } from '../features/admin-access/api/get-admin-status';
import { adminStatusQueryKey } from '../lib/admin-query-key';
import { AdminSetupPage } from '../features/admin-access/components/admin-setup-page';
import {
  discountCodesQueryKey,
  getDiscountCodes,
} from '../features/discount-codes/api/get-discount-codes';

/**
 * Once access is granted the page goes to /admin after 2 seconds (docs/product.md section 4): the
 * panel's code and the answers its first render asks for (the admin status, the discount codes) are
 * fetched meanwhile, so the panel shows as the page arrives instead of a skeleton and a checking card.
 */
export function fetchAdminPanelAhead(): void {
  void import('./admin-page');
  const customerId = useShopStore.getState().user?.id;
  void queryClient.prefetchQuery({
    queryKey: adminStatusQueryKey(customerId),
    queryFn: getAdminStatus,
  });
  void queryClient.prefetchQuery({ queryKey: discountCodesQueryKey, queryFn: getDiscountCodes });
}

export default function AdminSetupRoute() {
  return <AdminSetupPage onGranted={fetchAdminPanelAhead} />;
}
