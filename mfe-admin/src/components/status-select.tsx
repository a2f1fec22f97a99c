import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contracts/orders';
import { SelectField } from '@shop/ui';

/** The Status choice of the Orders filters and the orders export: all paid orders, or one status. */
export function StatusSelect({
  value,
  onChange,
}: {
  value: OrderStatus | '';
  onChange: (status: OrderStatus | '') => void;
}) {
  return (
    <SelectField
      label="Status"
      value={value}
      onChange={(event) => onChange(event.target.value as OrderStatus | '')}
    >
      <option value="">All paid orders</option>
      {ORDER_STATUSES.map((status) => (
        <option key={status} value={status}>
          {ORDER_STATUS_LABELS[status]}
        </option>
      ))}
    </SelectField>
  );
}
