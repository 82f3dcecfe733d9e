import { daysInMonth, iso } from '../../../domain/companies/register-dates';
import type { PartialDate } from '../../../domain/sanctions/sanctions-designation';

/*
 * The UN list's dates are XML Schema dates (xs:date, "2005-11-01") in LISTED_ON, LAST_DAY_UPDATED/VALUE and
 * INDIVIDUAL_DATE_OF_BIRTH/DATE, and bare years in INDIVIDUAL_DATE_OF_BIRTH's YEAR, FROM_YEAR and TO_YEAR
 * (the element names of the published schema, https://www.un.org/sc/resources/sc-sanctions.xsd, as read by
 * OpenSanctions' crawler: opensanctions/opensanctions datasets/_global/un_sc_sanctions/crawler.py).
 */

/** A year range wider than this is more likely a typo than knowledge; it is reported, not spread into years. */
export const MAX_BIRTH_YEAR_RANGE = 10;

/** "2005-11-01" (a time zone suffix, which xs:date allows, is ignored) → ISO day; null when it is not one. */
export function parseUnDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [+match[1]!, +match[2]!, +match[3]!];
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return null;
  return iso(year, month, day);
}

/** A four-digit year the partial-date schema accepts; null otherwise. */
export function parseUnYear(text: string): number | null {
  const value = text.trim();
  if (!/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= 1800 && year <= 2100 ? year : null;
}

export function birthDateOfDay(day: string): PartialDate {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year!, month: month!, day: date! };
}
