import { useState } from 'react';
import styled from 'styled-components';
import {
  CUSTOMER_SEARCH_TOO_SHORT,
  adminMessages,
  readCustomerSearch,
} from '@shop/contracts/admin';
import {
  Badge,
  formatShortDate,
  MoreButton,
  QueryState,
  RowButton,
  SectionHeader,
  Table,
  TableHead,
  TableMessage,
  TableRegion,
  useDebouncedValue,
} from '@shop/ui';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { WordSearchField } from '../../../components/word-search-field';
import { useDeleteCustomer } from '../api/delete-customer';
import { CustomerOrdersDialog, type OrderDialogComponent } from './customer-orders-dialog';
import { useCustomers, type Customer } from '../api/get-customers';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

const Search = styled.div`
  max-width: 28rem;
  margin-bottom: 1rem;
`;

function fullName(customer: Customer): string {
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || '—';
}

/**
 * The Customers table, newest first, a page at a time ("More customers" reads the next), or those a
 * search finds; admin accounts cannot be deleted (the button is disabled and says why).
 */
export function CustomersPanel({ OrderDialog }: { OrderDialog?: OrderDialogComponent }) {
  const timeZone = useShopTimeZone();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  // A word too short to look for is said under the field, not sent (the API would answer 400).
  const tooShort = q !== '' && readCustomerSearch(q).kind === 'too short';
  const customers = useCustomers(q, { enabled: !tooShort });
  const list = customers.data?.pages.flatMap((page) => page.customers) ?? [];
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [viewing, setViewing] = useState<Customer | null>(null);
  const remove = useDeleteCustomer({ onDeleted: () => setDeleting(null) });

  const body = tooShort ? (
    <TableMessage>
      <p>{CUSTOMER_SEARCH_TOO_SHORT}.</p>
    </TableMessage>
  ) : (
    <QueryState
      query={customers}
      loading="Loading customers…"
      failed="Could not load customers"
      isEmpty={() => list.length === 0}
      empty={
        q ? (
          <>
            <h3>No customers match</h3>
            <p>Try fewer words, or the whole email.</p>
          </>
        ) : (
          <>
            <h3>No customers yet</h3>
            <p>Customers appear here once they create an account.</p>
          </>
        )
      }
    >
      {() => (
        <>
          <TableRegion label="Customers" narrow="cards">
            <Table>
              <TableHead columns={['Email', 'Name', 'Company', 'Role', 'Created']} actions />
              <tbody>
                {list.map((customer) => (
                  <tr key={customer.id}>
                    <th scope="row">{customer.email}</th>
                    <td>{fullName(customer)}</td>
                    <td>{customer.company || '—'}</td>
                    <td>
                      {customer.isAdmin ? (
                        <Badge $tone="navy">Admin</Badge>
                      ) : (
                        <Badge $tone="grey">Customer</Badge>
                      )}
                    </td>
                    <td className="nowrap">{formatShortDate(customer.createdAt, timeZone)}</td>
                    <td className="actions">
                      <RowButton
                        type="button"
                        aria-label={`Orders of ${customer.email}`}
                        onClick={() => setViewing(customer)}
                      >
                        Orders
                      </RowButton>
                      <RowButton
                        type="button"
                        $tone="danger"
                        aria-label={`Delete ${customer.email}`}
                        disabled={customer.isAdmin}
                        title={customer.isAdmin ? adminMessages.adminNotDeletable : undefined}
                        onClick={() => setDeleting(customer)}
                      >
                        Delete
                      </RowButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableRegion>
          <MoreButton pages={customers} label="More customers" busyLabel="Loading…" />
        </>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="customers-heading">
      <SectionHeader>
        <div>
          <h2 id="customers-heading">Customers</h2>
          <p>Accounts created in the shop. {adminMessages.adminNotDeletable}.</p>
        </div>
      </SectionHeader>
      <Search>
        <WordSearchField
          placeholder="Email or name"
          error={tooShort ? CUSTOMER_SEARCH_TOO_SHORT : undefined}
          value={search}
          onChange={setSearch}
        />
      </Search>
      {body}
      <CustomerOrdersDialog
        customer={viewing}
        onClose={() => setViewing(null)}
        OrderDialog={OrderDialog}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.email ?? 'this customer'}?`}
        description="The account is removed and signed out everywhere. Their past orders stay in the shop's records. This cannot be undone."
        confirmLabel="Delete Customer"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
