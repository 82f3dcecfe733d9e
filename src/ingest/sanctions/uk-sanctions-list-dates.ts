import { daysInMonth, iso } from '../../domain/companies/register-dates';
import type { PartialDate } from '../../domain/sanctions/sanctions-designation';

/*
 * The three kinds of date on the UK Sanctions List: the Report Date line (seen as "13-Feb-2026" in the published
 * files, dd/mm/yyyy in the FCDO's descriptions: both are read), full dd/mm/yyyy dates (Last Updated, Date
 * Designated), and dates of birth, which the list gives only as far as it knows them.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoIfReal(year: number, month: number, day: number): string | null {
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return null;
  return iso(year, month, day);
}

/** "13-Feb-2026" or "13/02/2026" → "2026-02-13"; null when it is neither or no such day. */
export function parseReportDate(text: string): string | null {
  const value = text.trim();
  const named = /^(\d{1,2})[- ]([A-Za-z]{3,9})[- ](\d{4})$/.exec(value);
  if (named) {
    const month = MONTHS.indexOf(named[2]!.slice(0, 3).toLowerCase()) + 1;
    return month === 0 ? null : isoIfReal(+named[3]!, month, +named[1]!);
  }
  return parseListDate(value);
}

/** dd/mm/yyyy → ISO day; null when it is not one. */
export function parseListDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return match ? isoIfReal(+match[3]!, +match[2]!, +match[1]!) : null;
}

const UNKNOWN_PART = /^(0+|d+|m+)$/i;

/**
 * A date of birth as far as it is known: "12/03/1965", "00/03/1965", "00/00/1965", "dd/mm/1965", "03/1965" and
 * "1965" all read, unknown parts null. Stray quotes (seen on the list) are ignored. Null when it is none of these.
 */
export function parseBirthDate(text: string): PartialDate | null {
  const value = text.replace(/['"’]/g, '').trim();
  const parts = value.split('/');
  if (parts.length > 3 || parts.some((part) => part.length === 0)) return null;
  const [dayText, monthText, yearText] =
    parts.length === 3 ? parts : parts.length === 2 ? ['0', ...parts] : ['0', '0', ...parts];
  const year = /^(0+|y+)$/i.test(yearText!) ? null : wholeNumber(yearText!, 4);
  const month = UNKNOWN_PART.test(monthText!) ? null : wholeNumber(monthText!, 2);
  const day = UNKNOWN_PART.test(dayText!) ? null : wholeNumber(dayText!, 2);
  if (year === undefined || month === undefined || day === undefined) return null;
  if (year === null && month === null && day === null) return null;
  if (year !== null && (year < 1800 || year > 2100)) return null;
  if (month !== null && (month < 1 || month > 12)) return null;
  if (day !== null && (day < 1 || day > (month === null ? 31 : daysInMonth(year ?? 2000, month))))
    return null;
  return { year, month, day };
}

/** Digits only, at most `width` of them (a 4-digit year, a 2-digit day): the number; undefined otherwise. */
function wholeNumber(text: string, width: number): number | undefined {
  return /^\d+$/.test(text) && text.length <= width ? Number(text) : undefined;
}
