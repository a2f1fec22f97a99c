/** Money travels as dollars with two decimals and is computed in integer cents. */
export type Cents = number;

export function toCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

export function toDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

export function formatDollars(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}
