import { describe, expect, it } from 'vitest';
import { exportRequestSchema, spreadsheetSafe } from './insights';

describe('spreadsheetSafe', () => {
  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")'])(
    '%j is written as text, behind an apostrophe',
    (cell) => {
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['Ann', '12.50', 'a=b', ' =1', "'quoted", ''])('%j is left as it is', (cell) => {
    expect(spreadsheetSafe(cell)).toBe(cell);
  });
});

describe('exportRequestSchema', () => {
  it('takes orders of a range, per order by default', () => {
    expect(
      exportRequestSchema.parse({ kind: 'orders', from: '2026-01-01', to: '2026-01-31' }),
    ).toEqual({ kind: 'orders', from: '2026-01-01', to: '2026-01-31', rows: 'order' });
  });

  it('takes the payments and refunds of a range, without rows or status of their own', () => {
    expect(
      exportRequestSchema.parse({ kind: 'payments', from: '2026-12-01', to: '2026-12-31' }),
    ).toMatchObject({ kind: 'payments', from: '2026-12-01', to: '2026-12-31' });
    const withStatus = exportRequestSchema.safeParse({
      kind: 'payments',
      from: '2026-12-01',
      to: '2026-12-31',
      status: 'cancelled',
    });
    expect(withStatus.error?.issues.map((issue) => issue.message)).toEqual([
      'status applies to orders only',
    ]);
  });

  it('refuses a range that ends before it starts, and a status for customers', () => {
    const backwards = exportRequestSchema.safeParse({
      kind: 'orders',
      from: '2026-02-01',
      to: '2026-01-31',
    });
    expect(backwards.error?.issues.map((issue) => issue.message)).toEqual([
      'from must be on or before to',
    ]);
    const customers = exportRequestSchema.safeParse({
      kind: 'customers',
      from: '2026-01-01',
      to: '2026-01-31',
      status: 'shipped',
    });
    expect(customers.error?.issues.map((issue) => issue.message)).toEqual([
      'status applies to orders only',
    ]);
  });
});
