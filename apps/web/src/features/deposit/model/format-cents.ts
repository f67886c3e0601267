const formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });

/** Integer cents as EUR; `signed` puts an explicit + on credits (debits carry their −). */
export function formatCents(cents: number, signed: boolean): string {
  const text = formatter.format(cents / 100);
  return signed && cents > 0 ? `+${text}` : text;
}
