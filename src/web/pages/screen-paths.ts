/** The screener's page, its CSV of the same screen and its add-all form's target. */
export const SCREEN_PATH = '/app/screen';
export const SCREEN_CSV_PATH = '/app/screen.csv';
export const SCREEN_ADD_PATH = '/app/screen/add-to-list';

/** A screen as a query string: only the filled-in filters, in the form's order, so the link reads as asked. */
export function screenQuery(filters: Readonly<Record<string, string>>, offset = 0): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== '') query.set(name, value);
  if (offset > 0) query.set('offset', String(offset));
  return query.toString();
}

export function screenHref(filters: Readonly<Record<string, string>>, offset = 0): string {
  const query = screenQuery(filters, offset);
  return query === '' ? SCREEN_PATH : `${SCREEN_PATH}?${query}`;
}

export function screenCsvHref(filters: Readonly<Record<string, string>>): string {
  const query = screenQuery(filters);
  return query === '' ? SCREEN_CSV_PATH : `${SCREEN_CSV_PATH}?${query}`;
}
