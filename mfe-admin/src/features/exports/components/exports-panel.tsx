// The Exports tab (docs/product.md section 11): the orders, the customers or the payments and refunds
// of a range of days as a CSV file for the books, and the record of every export made (who, when,
// what).
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { dayIn } from '@shop/contracts/time-zone';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contracts/orders';
import type { ExportKind, ExportRowShape } from '@shop/contracts/insights';
import {
  Button,
  FieldError,
  formatDay,
  busyProps,
  formatShortDate,
  formatTime,
  MoreButton,
  QueryState,
  SectionHeader,
  SelectField,
  Table,
  TableHead,
  TableRegion,
  TextField,
  theme,
  VisuallyHidden,
} from '@shop/ui';
import { StatusSelect } from '../../../components/status-select';
import { dayRangeError } from '../../../lib/day-range';
import { useCreateExport, useExports, type ExportRecordAnswer } from '../api/exports';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

const Form = styled.form`
  display: grid;
  gap: 0.75rem 1rem;
  /* Fields side by side line up by their labels, What's note under it taking its own room. */
  align-items: start;
  margin-bottom: 1.5rem;
  padding: 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  /* Three wide columns (not six narrow ones), so each choice's name shows whole. */
  @media (min-width: 1024px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    .submit {
      justify-self: start;
    }
  }
  .submit {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    align-self: end;
  }
`;

const Intro = styled.p`
  margin: 0.25rem 0 0;
  color: ${theme.colors.muted};
`;

/** The browser saves the file from its address (the API streams it; the session cookie goes along). */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** What a file of each kind holds, said under What (Rows and Status are the orders' alone). */
const HOLDS: Record<ExportKind, string> = {
  orders: 'Orders placed in these days, one row per order or per label line.',
  customers: 'One row per customer who signed up in these days.',
  payments:
    'One row per charge and per refund made in these days, oldest first, a refund with its reason.',
};

function describe(record: ExportRecordAnswer): string {
  if (record.kind === 'customers') return 'Customers who signed up';
  if (record.kind === 'payments') return 'Payments and refunds';
  const rows = record.rows === 'line' ? 'Order lines' : 'Orders';
  return record.status ? `${rows}: ${ORDER_STATUS_LABELS[record.status]}` : `${rows}: all paid`;
}

/** The day (YYYY-MM-DD) it was `days` days ago in the shop's time zone (the browser's if unknown). */
function daysAgo(days: number, timeZone: string | undefined): string {
  return dayIn(
    timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    new Date(Date.now() - days * 86_400_000),
  );
}

export function ExportsPanel() {
  const timeZone = useShopTimeZone();
  const [kind, setKind] = useState<ExportKind>('orders');
  const [rows, setRows] = useState<ExportRowShape>('order');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [from, setFrom] = useState(() => daysAgo(29, timeZone));
  const [to, setTo] = useState(() => daysAgo(0, timeZone));
  const create = useCreateExport();
  const exports = useExports();
  const rangeError = dayRangeError(from, to);
  const toField = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Export CSV stays in the keyboard's path: pressed on days that do not make a range, it takes
    // focus to To, which reads out why.
    if (rangeError) {
      toField.current?.focus();
      return;
    }
    if (!from || !to) return;
    create.mutate(
      {
        kind,
        from,
        to,
        ...(kind === 'orders' ? { rows, status: status || null } : {}),
      },
      { onSuccess: (record) => record.downloadUrl && download(record.downloadUrl) },
    );
  }

  return (
    <section aria-labelledby="exports-heading">
      <SectionHeader>
        <div>
          <h2 id="exports-heading">Exports</h2>
          <Intro>
            CSV files for the books, days in the shop&apos;s time zone. Payments and refunds lists
            each charge on the day it was paid and each refund on the day it was made. Each export
            is recorded with who made it; its file can be downloaded by its maker for an hour.
          </Intro>
        </div>
      </SectionHeader>
      <Form onSubmit={submit} aria-label="New export">
        <SelectField
          label="What"
          value={kind}
          onChange={(event) => setKind(event.target.value as ExportKind)}
          // Said again when the choice changes, as the fields after it come and go.
          hint={<span aria-live="polite">{HOLDS[kind]}</span>}
        >
          <option value="orders">Orders</option>
          <option value="customers">Customers (by sign-up day)</option>
          <option value="payments">Payments and refunds</option>
        </SelectField>
        {kind === 'orders' && (
          <>
            <SelectField
              label="Rows"
              value={rows}
              onChange={(event) => setRows(event.target.value as ExportRowShape)}
            >
              <option value="order">One per order</option>
              <option value="line">One per label line</option>
            </SelectField>
            <StatusSelect value={status} onChange={setStatus} />
          </>
        )}
        <TextField
          label="From"
          type="date"
          required
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          required
          value={to}
          ref={toField}
          error={rangeError ?? undefined}
          onChange={(event) => setTo(event.target.value)}
        />
        <div className="submit">
          <Button type="submit" {...busyProps(create.isPending)}>
            {create.isPending ? 'Exporting…' : 'Export CSV'}
          </Button>
          {create.isError && <FieldError role="alert">The export could not be made.</FieldError>}
        </div>
      </Form>
      <h3>Exports made</h3>
      <QueryState
        query={exports}
        loading="Loading the exports…"
        failed="The exports could not be loaded."
        isEmpty={(data) => data.pages[0]?.exports.length === 0}
        empty={<p>No export has been made yet.</p>}
      >
        {(data) => (
          <>
            <TableRegion label="Exports made" narrow="cards">
              <Table>
                <TableHead columns={['When', 'By', 'What', 'Days', 'Rows', 'File']} />
                <tbody>
                  {data.pages
                    .flatMap((page) => page.exports)
                    .map((record) => (
                      <tr key={record.id}>
                        <td>
                          {formatShortDate(record.at, timeZone)} {formatTime(record.at, timeZone)}
                        </td>
                        <td>{record.by}</td>
                        <td>{describe(record)}</td>
                        <td>
                          {record.from === record.to
                            ? formatDay(record.from)
                            : `${formatDay(record.from)} – ${formatDay(record.to)}`}
                        </td>
                        <td>{record.rowCount ?? '–'}</td>
                        <td>
                          {record.downloadUrl ? (
                            <a href={record.downloadUrl} download>
                              Download
                              <VisuallyHidden>
                                {' '}
                                the export of {formatShortDate(record.at, timeZone)}{' '}
                                {formatTime(record.at, timeZone)}
                              </VisuallyHidden>
                            </a>
                          ) : (
                            '–'
                          )}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </Table>
            </TableRegion>
            <MoreButton pages={exports} label="Older exports" busyLabel="Loading…" />
          </>
        )}
      </QueryState>
    </section>
  );
}
