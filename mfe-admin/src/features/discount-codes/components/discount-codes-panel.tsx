import { lazy, useState } from 'react';
import {
  Badge,
  Button,
  PlusIcon,
  QueryState,
  RowButton,
  SectionHeader,
  Table,
  TableHead,
  TableRegion,
} from '@shop/ui';
import { OnFirstOpen } from '../../../components/on-first-open';
import { formatDay, formatDiscountValue, formatDollars } from '@shop/ui';
import { formatCount } from '@shop/contracts/money';
import { useDeleteDiscountCode } from '../api/delete-discount-code';
import {
  hasExpired,
  isUsedUp,
  useDiscountCodes,
  type DiscountCode,
} from '../api/get-discount-codes';

// The Discount Codes tab is what /admin shows first: its dialogs (the dialog kit, the form and its
// schema) are fetched when first opened, not with the page (docs/design.md §10).
const DiscountCodeDialog = lazy(() =>
  import('./discount-code-dialog').then((m) => ({ default: m.DiscountCodeDialog })),
);
const ConfirmDialog = lazy(() =>
  import('../../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

function StatusBadge({ code }: { code: DiscountCode }) {
  if (!code.isActive) return <Badge $tone="grey">Inactive</Badge>;
  if (hasExpired(code)) return <Badge $tone="red">Expired</Badge>;
  if (isUsedUp(code)) return <Badge $tone="yellow">Used up</Badge>;
  return <Badge $tone="green">Active</Badge>;
}

/** The Discount Codes table with its add/edit dialog and delete confirmation. */
export function DiscountCodesPanel() {
  const codes = useDiscountCodes();
  const [dialog, setDialog] = useState<{ open: boolean; editing: DiscountCode | null }>({
    open: false,
    editing: null,
  });
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const remove = useDeleteDiscountCode({ onDeleted: () => setDeleting(null) });

  const body = (
    <QueryState
      query={codes}
      loading="Loading discount codes…"
      failed="Could not load discount codes"
      isEmpty={(list) => list.length === 0}
      empty={
        <>
          <h3>No discount codes yet</h3>
          <p>Add a code to offer shoppers a percentage or a fixed amount off.</p>
        </>
      }
    >
      {(list) => (
        <TableRegion label="Discount codes" narrow="cards">
          <Table>
            <TableHead
              columns={[
                'Code',
                'Discount',
                { label: 'Minimum', numeric: true },
                { label: 'Used', numeric: true },
                'Expires',
                'Status',
              ]}
              actions
            />
            <tbody>
              {list.map((code) => (
                <tr key={code.id}>
                  <th scope="row">
                    <code>{code.code}</code>
                    {code.description && <div className="muted">{code.description}</div>}
                  </th>
                  <td className="nowrap">{formatDiscountValue(code.type, code.value)}</td>
                  <td className="numeric">
                    {code.minimumOrder > 0 ? formatDollars(code.minimumOrder) : '—'}
                  </td>
                  <td className="numeric">
                    {formatCount(code.timesUsed)} /{' '}
                    {code.usageLimit === null ? '∞' : formatCount(code.usageLimit)}
                    {code.usageLimit === null && <span className="muted"> (unlimited)</span>}
                  </td>
                  <td className="nowrap">{code.expiresOn ? formatDay(code.expiresOn) : 'Never'}</td>
                  <td>
                    <StatusBadge code={code} />
                  </td>
                  <td className="actions">
                    <RowButton
                      type="button"
                      aria-label={`Edit ${code.code}`}
                      onClick={() => setDialog({ open: true, editing: code })}
                    >
                      Edit
                    </RowButton>
                    <RowButton
                      type="button"
                      $tone="danger"
                      aria-label={`Delete ${code.code}`}
                      onClick={() => setDeleting(code)}
                    >
                      Delete
                    </RowButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableRegion>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="discount-codes-heading">
      <SectionHeader>
        <div>
          <h2 id="discount-codes-heading">Discount Codes</h2>
          <p>
            Codes shoppers enter in their cart. Inactive and expired codes are refused at checkout.
          </p>
        </div>
        <Button type="button" onClick={() => setDialog({ open: true, editing: null })}>
          <PlusIcon size={18} />
          Add Discount Code
        </Button>
      </SectionHeader>
      {body}
      <OnFirstOpen open={dialog.open}>
        <DiscountCodeDialog
          open={dialog.open}
          editing={dialog.editing}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        />
      </OnFirstOpen>
      <OnFirstOpen open={deleting !== null}>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={`Delete ${deleting?.code ?? 'this code'}?`}
          description="Shoppers will no longer be able to use this code. Orders that already used it keep their discount. This cannot be undone."
          confirmLabel="Delete Code"
          pending={remove.isPending}
          onConfirm={() => deleting && remove.mutate(deleting)}
        />
      </OnFirstOpen>
    </section>
  );
}
