import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, setupShopTests, stubApi } from '@shop/ui/testing';
import { ExportsPanel } from './exports-panel';

setupShopTests();

const made = {
  id: 'e1',
  kind: 'orders',
  rows: 'line',
  from: '2026-11-01',
  to: '2026-11-28',
  status: 'shipped',
  by: 'admin@example.com',
  at: '2026-11-28T15:00:00.000Z',
  downloadUrl: '/api/admin/exports/e1/download',
  rowCount: 120,
};

describe('Exports', () => {
  it('records the export asked for, downloads its file, and lists it with who made it', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let listed: unknown[] = [];
    const calls = stubApi({
      'GET /api/admin/exports': () => ({ json: { exports: listed, nextBefore: null } }),
      'POST /api/admin/exports': () => {
        listed = [made];
        return { status: 201, json: made };
      },
    });
    renderPage(<ExportsPanel />);
    expect(await screen.findByText('No export has been made yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: 'line' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'shipped' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      kind: 'orders',
      from: '2026-11-01',
      to: '2026-11-28',
      rows: 'line',
      status: 'shipped',
    });
    const row = within(
      within(await screen.findByRole('region', { name: 'Exports made' })).getByRole('table'),
    ).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('admin@example.com');
    expect(row).toHaveTextContent('Order lines: Shipped');
    expect(row).toHaveTextContent('120');
    expect(within(row).getByRole('link', { name: /Download/ })).toHaveAttribute(
      'href',
      '/api/admin/exports/e1/download',
    );
    clicked.mockRestore();
  });

  it('reads the list again until the download of an export just made has recorded its rows', async () => {
    const fresh = { ...made, at: new Date().toISOString(), rowCount: null };
    let reads = 0;
    stubApi({
      'GET /api/admin/exports': () => {
        reads += 1;
        // The download ends between the first read and the next (one poll, 2 s, after it).
        return {
          json: { exports: [reads < 2 ? fresh : { ...fresh, rowCount: 42 }], nextBefore: null },
        };
      },
    });
    renderPage(<ExportsPanel />);
    const table = within(await screen.findByRole('region', { name: 'Exports made' }));
    // The Rows cell itself: the row's text also holds the time it was made ("11:42").
    await waitFor(
      () =>
        expect(
          within(table.getAllByRole('row')[1]!).getByRole('cell', { name: '42' }),
        ).toBeVisible(),
      { timeout: 8_000 },
    );
    const readsWhenCounted = reads;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(reads).toBe(readsWhenCounted);
  }, 15_000);

  it('refuses a range that ends before it starts, without asking the API; Export CSV stays reachable and takes focus to To, which says why', async () => {
    const calls = stubApi({
      'GET /api/admin/exports': { json: { exports: [], nextBefore: null } },
    });
    renderPage(<ExportsPanel />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(screen.getByText('The first day must be on or before the last')).toBeInTheDocument();
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    expect(exportButton).toBeEnabled();
    fireEvent.click(exportButton);
    expect(screen.getByLabelText('To')).toHaveFocus();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The first day must be on or before the last',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('customers have no rows or status to choose, and the choice says what the file holds', async () => {
    stubApi({ 'GET /api/admin/exports': { json: { exports: [], nextBefore: null } } });
    renderPage(<ExportsPanel />);
    expect(screen.getByLabelText('What')).toHaveAccessibleDescription(
      'Orders placed in these days, one row per order or per label line.',
    );
    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'customers' } });
    expect(screen.queryByLabelText('Rows')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('What')).toHaveAccessibleDescription(
      'One row per customer who signed up in these days.',
    );
  });

  it('asks for the payments and refunds of the days, with no rows or status, and lists it by its name', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const payments = { ...made, kind: 'payments', rows: 'order', status: null, rowCount: 7 };
    let listed: unknown[] = [];
    const calls = stubApi({
      'GET /api/admin/exports': () => ({ json: { exports: listed, nextBefore: null } }),
      'POST /api/admin/exports': () => {
        listed = [payments];
        return { status: 201, json: payments };
      },
    });
    renderPage(<ExportsPanel />);
    expect(await screen.findByText('No export has been made yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'payments' } });
    expect(screen.getByLabelText('What')).toHaveDisplayValue('Payments and refunds');
    // Rows and Status are the orders export's: this one has neither, and says what it holds.
    expect(screen.queryByLabelText('Rows')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'One per order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'All paid orders' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('What')).toHaveAccessibleDescription(
      'One row per charge and per refund made in these days, oldest first, a refund with its reason.',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      kind: 'payments',
      from: '2026-11-01',
      to: '2026-11-28',
    });
    const row = within(
      within(await screen.findByRole('region', { name: 'Exports made' })).getByRole('table'),
    ).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Payments and refunds');
    expect(row).not.toHaveTextContent('Orders');
    clicked.mockRestore();
  });
});
