const formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });

/** Balances are EUR with two decimals (contract me.ts). */
export function formatMoney(value: number): string {
  return formatter.format(value);
}
