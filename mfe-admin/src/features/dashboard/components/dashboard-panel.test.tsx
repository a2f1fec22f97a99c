import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { InsightsDashboard } from '@shop/contracts/insights';
import { renderPage, setupShopTests, stubApi } from '@shop/ui/testing';
import { DashboardPanel, formatMinutes } from './dashboard-panel';

setupShopTests();

const week: InsightsDashboard = {
  period: '7d',
  timeZone: 'America/New_York',
  from: '2026-11-22',
  to: '2026-11-28',
  asOf: '2026-11-28T15:00:00.000Z',
  revenue: 1234.5,
  charged: 1300,
  refunded: 65.5,
  orders: 12,
  cancelled: 1,
  averageOrderValue: 108.33,
  funnel: { cartsStarted: 40, placed: 16, paid: 12 },
  revenueSeries: {
    unit: 'day',
    points: [
      { key: '2026-11-22', revenue: 100, orders: 1 },
      { key: '2026-11-28', revenue: 1134.5, orders: 11 },
    ],
  },
  ordersByStatus: [
    { status: 'pending_payment', orders: 4 },
    { status: 'processing', orders: 11 },
    { status: 'cancelled', orders: 1 },
  ],
  materials: [
    { material: 'phenolic', labels: 240, orders: 9, sales: 1100 },
    { material: 'indoor', labels: 30, orders: 2, sales: 90 },
    { material: 'uv-resistant', labels: 0, orders: 0, sales: 0 },
  ],
  topSizes: [{ width: 3, height: 2, labels: 200, orders: 8 }],
  discountCodes: [{ code: 'WELCOME10', uses: 3, discount: 21.4 }],
  proofs: {
    waiting: 2,
    waitingMore: false,
    oldestWaitingSince: '2026-11-27T14:00:00.000Z',
    approved: 9,
    medianMinutesToApproval: 95,
  },
  production: {
    promiseBusinessDays: 5,
    late: [
      {
        id: 'o1',
        orderNumber: 1042,
        customerName: 'Ann Lee',
        goAheadAt: '2026-11-16T15:00:00.000Z',
        promisedBy: '2026-11-23T15:00:00.000Z',
      },
    ],
    lateMore: false,
  },
};

describe('Dashboard', () => {
  it('gives no share of carts to more checkouts than carts started in the period, and says why', async () => {
    stubApi({
      'GET /api/admin/insights?period=7d': {
        json: { ...week, funnel: { cartsStarted: 20, placed: 21, paid: 12 } },
      },
    });
    renderPage(<DashboardPanel />);
    expect(
      await screen.findByText('more than carts started: some began earlier or were placed again'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/105%/)).not.toBeInTheDocument();
  });

  it('draws a day whose refunds were more than its sales below the zero line, the others above it', async () => {
    const points = [
      { key: '2026-11-22', revenue: 100, orders: 1 },
      { key: '2026-11-23', revenue: -60, orders: 0 },
    ];
    stubApi({
      'GET /api/admin/insights?period=7d': {
        json: { ...week, revenueSeries: { unit: 'day', points } },
      },
    });
    renderPage(<DashboardPanel />);
    const chart = await screen.findByRole('img', { name: /Revenue by day/ });
    const [sold, refunded] = [...chart.querySelectorAll('rect')].map((bar) => ({
      top: Number(bar.getAttribute('y')),
      height: Number(bar.getAttribute('height')),
    }));
    expect(sold!.height).toBeGreaterThan(0);
    expect(refunded!.height).toBeGreaterThan(0);
    // The refunded day's bar starts where the sold day's ends: at zero.
    expect(refunded!.top).toBeCloseTo(sold!.top + sold!.height);
    expect(sold!.height).toBeGreaterThan(refunded!.height);
    // The axis below zero reads as money below zero.
    expect(
      [...chart.querySelectorAll('text')].map((tick) => tick.textContent).filter(Boolean),
    ).toContain('-$50');
    const revenueTable = within(
      screen.getByRole('region', { name: 'Revenue by day: the numbers' }),
    ).getByRole('table');
    expect(
      within(revenueTable).getByRole('row', { name: 'Nov 23, 2026 0 -$60.00' }),
    ).toBeInTheDocument();
  });

  it('says "500+" proofs waiting when the API read only the first 500, never an exact-looking 500', async () => {
    stubApi({
      'GET /api/admin/insights?period=7d': {
        json: { ...week, proofs: { ...week.proofs, waiting: 500, waitingMore: true } },
      },
    });
    renderPage(<DashboardPanel />);
    const tile = (await screen.findByText('Proofs waiting')).closest('div')!;
    expect(tile).toHaveTextContent('500+');
  });

  it('says a period with no proof approved has none, not a median "over 0 approved orders"', async () => {
    stubApi({
      'GET /api/admin/insights?period=7d': {
        json: { ...week, proofs: { ...week.proofs, approved: 0, medianMinutesToApproval: null } },
      },
    });
    renderPage(<DashboardPanel />);
    const step = (await screen.findByText('Median time to approve a proof')).closest('li')!;
    expect(step).toHaveTextContent('No proof was approved in this period.');
    expect(step).not.toHaveTextContent('over 0');
  });

  it('says a period with no checkout has none, where the status chart and its numbers would be blank', async () => {
    stubApi({
      'GET /api/admin/insights?period=7d': { json: { ...week, ordersByStatus: [], materials: [] } },
    });
    renderPage(<DashboardPanel />);
    const card = (await screen.findByRole('heading', { name: 'Orders by status' })).closest(
      'section, article, div',
    )!;
    expect(card).toHaveTextContent('No checkouts were placed in this period.');
    expect(screen.queryByRole('img', { name: /Orders by status/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Orders by status: the numbers' }),
    ).not.toBeInTheDocument();
    const materials = screen
      .getByRole('heading', { name: 'Materials' })
      .closest('section, article, div')!;
    expect(materials).toHaveTextContent('No labels sold in this period.');
  });

  it('shows the key figures, the funnel, the proofs, the late orders and each chart with its numbers as a table', async () => {
    stubApi({ 'GET /api/admin/insights?period=7d': { json: week } });
    renderPage(<DashboardPanel />);
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('$1,300.00 paid, $65.50 refunded')).toBeInTheDocument();
    expect(screen.getByText('$108.33')).toBeInTheDocument();
    expect(screen.getByText('40% of carts')).toBeInTheDocument();
    expect(screen.getByText('75% of checkouts')).toBeInTheDocument();
    expect(screen.getByText('1 h 35 min')).toBeInTheDocument();
    const late = within(
      screen.getByRole('region', { name: 'Orders past their promised production time' }),
    ).getByRole('table');
    expect(within(late).getByRole('rowheader', { name: '#1042' })).toBeInTheDocument();
    // Every chart is an image with a title and a reading, and its numbers are a table.
    expect(screen.getByRole('img', { name: /Revenue by day/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Orders by status/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Labels sold by material/ })).toBeInTheDocument();
    const statusTable = within(
      screen.getByRole('region', { name: 'Orders by status: the numbers' }),
    ).getByRole('table');
    expect(within(statusTable).getByRole('row', { name: 'Processing 11' })).toBeInTheDocument();
    const revenueTable = within(
      screen.getByRole('region', { name: 'Revenue by day: the numbers' }),
    ).getByRole('table');
    expect(
      within(revenueTable).getByRole('row', { name: 'Nov 28, 2026 11 $1,134.50' }),
    ).toBeInTheDocument();
    // Materials' sales are the lines' prices: said so, as they add up to more than Revenue.
    const materialsTable = within(
      screen.getByRole('region', { name: 'Materials: the numbers' }),
    ).getByRole('table');
    expect(
      within(materialsTable).getByRole('columnheader', { name: 'Sales before discounts' }),
    ).toBeInTheDocument();
    expect(
      within(materialsTable).getByRole('row', { name: 'Phenolic 240 9 $1,100.00' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Sales are the labels' prices before discounts, shipping and tax\./),
    ).toBeInTheDocument();
    const codes = within(screen.getByRole('region', { name: 'Discount codes used' })).getByRole(
      'table',
    );
    expect(within(codes).getByRole('row', { name: 'WELCOME10 3 $21.40' })).toBeInTheDocument();
  });

  it('asks the API for the period chosen, the choice marked pressed', async () => {
    const calls = stubApi({
      'GET /api/admin/insights?period=7d': { json: week },
      'GET /api/admin/insights?period=90d': { json: { ...week, period: '90d', revenue: 9999 } },
    });
    renderPage(<DashboardPanel />);
    await screen.findByText('$1,234.50');
    const ninety = screen.getByRole('button', { name: '90 days' });
    expect(ninety).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(ninety);
    expect(await screen.findByText('$9,999.00')).toBeInTheDocument();
    expect(ninety).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.path)).toEqual([
      '/api/admin/insights?period=7d',
      '/api/admin/insights?period=90d',
    ]);
  });

  it('says when the figures could not be loaded, with a way to try again', async () => {
    stubApi({ 'GET /api/admin/insights?period=7d': { status: 500, json: { message: 'Down' } } });
    renderPage(<DashboardPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('formatMinutes', () => {
  it.each([
    [0, '0 min'],
    [59, '59 min'],
    [60, '1 h'],
    [95, '1 h 35 min'],
    [1440, '1 d'],
    [3000, '2 d 2 h'],
    [90.5, '1 h 31 min'],
  ])('%s minutes read %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
