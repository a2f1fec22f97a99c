// The Dashboard tab (docs/product.md section 11): how the shop is doing today, over 7, 30 or 90 days,
// figures the server adds up from the orders placed and the payments and refunds made in the period.
// Charts for what reads better as a picture (revenue by day, orders by status, materials), each with
// its numbers in a table.
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  INSIGHT_PERIODS,
  INSIGHT_PERIOD_LABELS,
  type InsightPeriod,
} from '@shop/contracts/insights';
import { ORDER_STATUS_LABELS } from '@shop/contracts/orders';
import {
  Badge,
  formatDay,
  formatDollars,
  formatSize,
  fromLarge,
  fromMedium,
  fromSmall,
  materialName,
  QueryState,
  SectionHeader,
  Table,
  TableHead,
  TableRegion,
  theme,
} from '@shop/ui';
import { useInsights, type InsightsDashboard } from '../api/get-insights';
import { BarList, ColumnChart } from './charts';
import { formatCount } from '@shop/contracts/money';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 1rem;
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 0.875rem;
  }
`;

// The periods share one row: the toolbar's whole width on a phone (wrapped, the last one sat alone
// on a second row), their own width from the small breakpoint.
const Periods = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 1fr;
  width: 100%;
  gap: 0.25rem;
  padding: 0.25rem;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  ${fromSmall} {
    display: inline-grid;
    grid-auto-columns: auto;
    width: auto;
  }
`;

/** A period to show: the one shown is pressed (brand on white, white on brand). */
const PeriodButton = styled.button`
  min-height: 2.75rem;
  min-width: 2.75rem;
  padding: 0 0.25rem;
  white-space: nowrap;
  ${fromSmall} {
    padding: 0 0.875rem;
  }
  border: 0;
  border-radius: calc(${theme.radiusSmall} - 0.125rem);
  background: transparent;
  color: ${theme.colors.brand};
  font: inherit;
  font-size: 0.9375rem;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.brandSoft};
  }
  &[aria-pressed='true'] {
    background: ${theme.colors.brand};
    color: ${theme.colors.brandText};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

// A figure stays on one line: one tile a row on phones, two from the small breakpoint, four from the
// large; in a tile too narrow for its figure the type gets smaller (down to 1rem), by the tile's width.
const Tiles = styled.dl`
  display: grid;
  gap: 0.75rem;
  margin: 0 0 1rem;
  ${fromSmall} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${fromLarge} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  div {
    padding: 0.875rem 1rem;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radiusSmall};
    background: ${theme.colors.surface};
    min-width: 0;
    container-type: inline-size;
  }
  dt {
    color: ${theme.colors.muted};
    font-size: 0.875rem;
    font-weight: 600;
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 1.5rem; /* where container units are unknown */
    font-size: clamp(1rem, 11cqi, 1.5rem);
    font-weight: 700;
    color: ${theme.colors.ink};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  dd + dd {
    font-size: 0.8125rem;
    font-weight: 400;
    color: ${theme.colors.muted};
    font-variant-numeric: normal;
    white-space: normal;
  }
`;

const Grid = styled.div`
  display: grid;
  gap: 1rem;
  ${fromMedium} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > .wide {
      grid-column: 1 / -1;
    }
  }
`;

const Card = styled.section`
  min-width: 0;
  padding: 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1.0625rem;
  }
  .note {
    margin: 0 0 0.75rem;
    color: ${theme.colors.muted};
    font-size: 0.8125rem;
  }
  details {
    margin-top: 0.75rem;
  }
  summary {
    cursor: pointer;
    color: ${theme.colors.brand};
    font-weight: 600;
    font-size: 0.875rem;
    min-height: 2.75rem;
    display: flex;
    align-items: center;
  }
  /* The figures' tables have two to four columns: they fit a card, even a phone's, without the
     kit's width for wide lists or its roomy cells. */
  table {
    min-width: 0;
    font-size: 0.8125rem;
    ${fromSmall} {
      font-size: 0.875rem;
    }
  }
  th,
  td {
    padding: 0.625rem 0.3125rem;
    ${fromSmall} {
      padding-inline: 0.5rem;
    }
  }
  /* A heading longer than its figures (Materials' "Sales before discounts") wraps, not widening
     its column past a phone's card. */
  thead th,
  thead th.numeric {
    letter-spacing: 0;
    white-space: normal;
  }
  /* So does a name of one long word (a customer's, a code of 50 characters): it breaks in its cell
     rather than make a phone's table scroll sideways. */
  .name {
    overflow-wrap: anywhere;
  }
`;

const Funnel = styled.ol`
  display: grid;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 0.25rem 0.75rem;
    align-items: baseline;
  }
  .step {
    font-weight: 600;
  }
  .count {
    font-size: 1.25rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .rate {
    grid-column: 1 / -1;
    color: ${theme.colors.muted};
    font-size: 0.8125rem;
  }
`;

/** The loading state: as tall as the tiles and the first row of charts, so nothing jumps. */
const Placeholder = styled.div`
  min-height: 40rem;
  display: grid;
  align-content: start;
  gap: 1rem;
  p {
    margin: 0;
    color: ${theme.colors.muted};
  }
`;

/** 95 -> "1 h 35 min", 3000 -> "2 d 2 h". */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 ? `${hours} h ${whole % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

const percent = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–';

/** $1,234 -> "$1.2k" on the chart's axis, $2.5 -> "$2.50", -$2,000 -> "-$2k". */
function axisDollars(value: number): string {
  // Below zero (a day's refunds more than its sales) the sign goes first, as formatDollars writes it.
  if (value < 0) return `-${axisDollars(-value)}`;
  if (value >= 1000) return `$${Number((value / 1000).toFixed(1))}k`;
  return Number.isInteger(value) ? `$${value}` : `$${value.toFixed(2)}`;
}

function hourLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone }).format(new Date(iso));
}

function shortDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

function dateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

function Numbers({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details>
      <summary>{label}</summary>
      {children}
    </details>
  );
}

function RevenueCard({ figures }: { figures: InsightsDashboard }) {
  const byHour = figures.revenueSeries.unit === 'hour';
  const points = figures.revenueSeries.points.map((point) => ({
    key: point.key,
    label: byHour ? hourLabel(point.key, figures.timeZone) : shortDay(point.key),
    value: point.revenue,
    valueText: formatDollars(point.revenue),
    orders: point.orders,
  }));
  const best = points.reduce<(typeof points)[number] | null>(
    (top, point) => (!top || point.value > top.value ? point : top),
    null,
  );
  const title = byHour ? 'Revenue by hour today' : 'Revenue by day';
  return (
    <Card className="wide" aria-labelledby="revenue-chart">
      <h3 id="revenue-chart">{title}</h3>
      <p className="note">What was paid less what was refunded, each by when it was made.</p>
      <ColumnChart
        title={title}
        points={points}
        axisText={axisDollars}
        least={10}
        summary={
          best && best.value > 0
            ? `${formatDollars(figures.revenue)} in all; the most, ${best.valueText}, ${byHour ? 'at' : 'on'} ${best.label}.`
            : 'No revenue in this period.'
        }
      />
      <Numbers label={`${title}: the numbers`}>
        <TableRegion label={`${title}: the numbers`}>
          <Table>
            <TableHead
              columns={[
                byHour ? 'Hour' : 'Day',
                { label: 'Orders', numeric: true },
                { label: 'Revenue', numeric: true },
              ]}
            />
            <tbody>
              {points.map((point) => (
                <tr key={point.key}>
                  <th scope="row">{byHour ? point.label : formatDay(point.key)}</th>
                  <td className="numeric">{point.orders}</td>
                  <td className="numeric">{point.valueText}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableRegion>
      </Numbers>
    </Card>
  );
}

function BarsCard({
  id,
  title,
  note,
  columns,
  rows,
  chart,
  empty,
}: {
  id: string;
  title: string;
  note: string;
  columns: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  chart: ReactNode;
  /** What the card says in place of the chart and its numbers when there are no rows. */
  empty: string;
}) {
  if (rows.length === 0) {
    return (
      <Card aria-labelledby={id}>
        <h3 id={id}>{title}</h3>
        <p className="note">{note}</p>
        <p>{empty}</p>
      </Card>
    );
  }
  return (
    <Card aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <p className="note">{note}</p>
      {chart}
      <Numbers label={`${title}: the numbers`}>
        <TableRegion label={`${title}: the numbers`}>
          <Table>
            <TableHead columns={columns.map((label, index) => ({ label, numeric: index > 0 }))} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="numeric">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableRegion>
      </Numbers>
    </Card>
  );
}

function Figures({ figures }: { figures: InsightsDashboard }) {
  const { funnel, proofs, production } = figures;
  const statuses = figures.ordersByStatus.map((entry) => ({
    key: entry.status,
    label: ORDER_STATUS_LABELS[entry.status],
    value: entry.orders,
    valueText: String(entry.orders),
  }));
  const materials = figures.materials.map((entry) => ({
    key: entry.material,
    label: materialName(entry.material),
    value: entry.labels,
    valueText: `${formatCount(entry.labels)} labels`,
    entry,
  }));
  return (
    <>
      <Tiles aria-label="Key figures">
        <div>
          <dt>Revenue</dt>
          <dd>{formatDollars(figures.revenue)}</dd>
          <dd>
            {formatDollars(figures.charged)} paid, {formatDollars(figures.refunded)} refunded
          </dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{formatCount(figures.orders)}</dd>
          <dd>{figures.cancelled} cancelled</dd>
        </div>
        <div>
          <dt>Average order</dt>
          <dd>
            {figures.averageOrderValue === null ? '–' : formatDollars(figures.averageOrderValue)}
          </dd>
          <dd>paid per order, before refunds</dd>
        </div>
        <div>
          <dt>Proofs waiting</dt>
          <dd>
            {formatCount(proofs.waiting)}
            {proofs.waitingMore ? '+' : ''}
          </dd>
          <dd>
            {proofs.oldestWaitingSince
              ? `oldest since ${dateTime(proofs.oldestWaitingSince, figures.timeZone)}`
              : 'none waiting now'}
          </dd>
        </div>
      </Tiles>
      <Grid>
        <RevenueCard figures={figures} />
        <Card aria-labelledby="funnel-heading">
          <h3 id="funnel-heading">From cart to paid order</h3>
          <p className="note">
            Carts started and checkouts placed in the period, and how many of those checkouts were
            paid.
          </p>
          <Funnel>
            <li>
              <span className="step">Carts started</span>
              <span className="count">{formatCount(funnel.cartsStarted)}</span>
            </li>
            <li>
              <span className="step">Checkouts placed</span>
              <span className="count">{formatCount(funnel.placed)}</span>
              <span className="rate">
                {/* A cart started before the period and placed in it, or placed again after a
                    change, is a checkout without a start of the period's: no share to give. */}
                {funnel.placed > funnel.cartsStarted
                  ? 'more than carts started: some began earlier or were placed again'
                  : `${percent(funnel.placed, funnel.cartsStarted)} of carts`}
              </span>
            </li>
            <li>
              <span className="step">Orders paid</span>
              <span className="count">{formatCount(funnel.paid)}</span>
              <span className="rate">{percent(funnel.paid, funnel.placed)} of checkouts</span>
            </li>
          </Funnel>
        </Card>
        <Card aria-labelledby="proofs-heading">
          <h3 id="proofs-heading">Proofs and production</h3>
          <p className="note">
            Production is promised within {production.promiseBusinessDays} business days of the
            go-ahead (the proof approved, or the payment when the proof was skipped).
          </p>
          <Funnel>
            <li>
              <span className="step">Median time to approve a proof</span>
              <span className="count">
                {proofs.medianMinutesToApproval === null
                  ? '–'
                  : formatMinutes(proofs.medianMinutesToApproval)}
              </span>
              <span className="rate">
                {proofs.approved === 0
                  ? 'No proof was approved in this period.'
                  : `over ${formatCount(proofs.approved)} approved ${proofs.approved === 1 ? 'order' : 'orders'} of the period, from the first proof sent`}
              </span>
            </li>
            <li>
              <span className="step">Past their promised time now</span>
              <span className="count">
                {production.late.length}
                {production.lateMore ? '+' : ''}
              </span>
            </li>
          </Funnel>
          {production.late.length > 0 && (
            <TableRegion label="Orders past their promised production time">
              <Table>
                <TableHead columns={['Order', 'Customer', 'Promised by']} />
                <tbody>
                  {production.late.map((order) => (
                    <tr key={order.id}>
                      <th scope="row">#{order.orderNumber}</th>
                      <td className="name">{order.customerName}</td>
                      <td>
                        <Badge $tone="red">{dateTime(order.promisedBy, figures.timeZone)}</Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableRegion>
          )}
        </Card>
        <BarsCard
          id="status-heading"
          title="Orders by status"
          note="Every checkout placed in the period, by where it stands now."
          columns={['Status', 'Orders']}
          rows={statuses.map((point) => ({ key: point.key, cells: [point.label, point.value] }))}
          empty="No checkouts were placed in this period."
          chart={
            <BarList
              title="Orders by status"
              points={statuses}
              summary={statuses.map((point) => `${point.label}: ${point.valueText}`).join('; ')}
            />
          }
        />
        <BarsCard
          id="materials-heading"
          title="Materials"
          note="Labels sold on the orders kept (paid, not cancelled), most first. Sales are the labels' prices before discounts, shipping and tax."
          columns={['Material', 'Labels', 'Orders', 'Sales before discounts']}
          rows={materials.map(({ key, label, entry }) => ({
            key,
            cells: [label, formatCount(entry.labels), entry.orders, formatDollars(entry.sales)],
          }))}
          empty="No labels sold in this period."
          chart={
            <BarList
              title="Labels sold by material"
              points={materials}
              color={theme.colors.accent}
              summary={materials.map((point) => `${point.label}: ${point.valueText}`).join('; ')}
            />
          }
        />
        <Card aria-labelledby="sizes-heading">
          <h3 id="sizes-heading">Best-selling sizes</h3>
          <p className="note">The ten sizes with the most labels sold.</p>
          {figures.topSizes.length === 0 ? (
            <p>No labels sold in this period.</p>
          ) : (
            <TableRegion label="Best-selling sizes">
              <Table>
                <TableHead
                  columns={[
                    'Size',
                    { label: 'Labels', numeric: true },
                    { label: 'Orders', numeric: true },
                  ]}
                />
                <tbody>
                  {figures.topSizes.map((size) => (
                    <tr key={`${size.width}x${size.height}`}>
                      <th scope="row">{formatSize(size.width, size.height)}</th>
                      <td className="numeric">{formatCount(size.labels)}</td>
                      <td className="numeric">{size.orders}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableRegion>
          )}
        </Card>
        <Card aria-labelledby="codes-heading">
          <h3 id="codes-heading">Discount codes</h3>
          <p className="note">Uses on the orders kept, and what each code took off them.</p>
          {figures.discountCodes.length === 0 ? (
            <p>No code was used in this period.</p>
          ) : (
            <TableRegion label="Discount codes used">
              <Table>
                <TableHead
                  columns={[
                    'Code',
                    { label: 'Uses', numeric: true },
                    { label: 'Cost', numeric: true },
                  ]}
                />
                <tbody>
                  {figures.discountCodes.map((code) => (
                    <tr key={code.code}>
                      <th scope="row" className="name">
                        {code.code}
                      </th>
                      <td className="numeric">{code.uses}</td>
                      <td className="numeric">{formatDollars(code.discount)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableRegion>
          )}
        </Card>
      </Grid>
    </>
  );
}

export function DashboardPanel() {
  const [period, setPeriod] = useState<InsightPeriod>('7d');
  const query = useInsights(period);
  const figures = query.data;
  return (
    <div>
      <SectionHeader>
        <h2>Dashboard</h2>
      </SectionHeader>
      <Toolbar>
        <Periods role="group" aria-label="Period">
          {INSIGHT_PERIODS.map((key) => (
            <PeriodButton
              key={key}
              type="button"
              aria-pressed={period === key}
              onClick={() => setPeriod(key)}
            >
              {INSIGHT_PERIOD_LABELS[key]}
            </PeriodButton>
          ))}
        </Periods>
        {figures && (
          <p aria-live="polite">
            {figures.from === figures.to
              ? formatDay(figures.to)
              : `${formatDay(figures.from)} – ${formatDay(figures.to)}`}{' '}
            ({figures.timeZone}), orders placed in the period as they are now, and the payments and
            refunds made in it
            {query.isFetching ? '; updating…' : ''}
          </p>
        )}
      </Toolbar>
      {query.isPending ? (
        <Placeholder role="status">
          <p>Loading the figures…</p>
        </Placeholder>
      ) : (
        <QueryState
          query={query}
          loading="Loading the figures…"
          failed="The figures could not be loaded."
          isEmpty={() => false}
          empty={null}
        >
          {(data) => <Figures figures={data} />}
        </QueryState>
      )}
    </div>
  );
}
