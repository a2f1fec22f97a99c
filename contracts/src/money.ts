/** Money travels as dollars with two decimals and is computed in integer cents. */
export type Cents = number;

export function toCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

export function toDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

const dollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,234.50": dollars with two decimals, thousands separated so a large amount reads at a glance. */
export function formatDollars(dollars: number): string {
  return dollarFormat.format(dollars);
}
