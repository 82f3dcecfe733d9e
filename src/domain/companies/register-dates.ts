// Calendar arithmetic on the register's dates (ISO YYYY-MM-DD, no time zone), shared by the CSV parser and the
// demo generator. Day numbers count from 1970-01-01 so that adding days never meets a clock or a time zone.

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = fromDayNumber(
    dayNumber(+isoDate.slice(0, 4), +isoDate.slice(5, 7), +isoDate.slice(8, 10)) + days,
  );
  return iso(y, m, d);
}

/**
 * Calendar arithmetic on day numbers (days since 1970-01-01) without a Date per row; shared with the demo
 * register, which writes this file's dates. Howard Hinnant's days_from_civil / civil_from_days.
 */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function fromDayNumber(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

export function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** Companies House keeps month ends as month ends: 30 Nov + 9 months is 31 Aug. */
export function addMonths(day: number, months: number): number {
  const [y, m, d] = fromDayNumber(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  return dayNumber(year, month, d === daysInMonth(y, m) ? last : Math.min(d, last));
}

/** Day number of `day`/`month` in `year`, clamped to the month's length (an accounting reference day of 31). */
export function occurrence(year: number, day: number, month: number): number {
  return dayNumber(year, month, Math.min(day, daysInMonth(year, month)));
}

/** The first `day`/`month` strictly after `after`. */
export function nextOccurrence(after: number, day: number, month: number): number {
  const [year] = fromDayNumber(after);
  const sameYear = occurrence(year, day, month);
  return sameYear > after ? sameYear : occurrence(year + 1, day, month);
}
