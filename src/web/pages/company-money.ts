const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** Whole pounds as the tables show them (£1,234,567, −£5,000); a figure the accounts do not state says so. */
export function formatPounds(value: number | null): string {
  return value === null ? 'not stated' : pounds.format(value);
}
