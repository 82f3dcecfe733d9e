import { addMonths, dayNumber, fromDayNumber, iso } from '../companies/register-dates';

/*
 * Day arithmetic on the register's YYYY-MM-DD dates for the health rules' windows and deadlines, built on the
 * register's own calendar (register-dates.ts): month steps keep month ends as month ends, as Companies House does.
 */

export function dayOf(isoDate: string): number {
  return dayNumber(+isoDate.slice(0, 4), +isoDate.slice(5, 7), +isoDate.slice(8, 10));
}

export function isoOf(day: number): string {
  return iso(...fromDayNumber(day));
}

/** Days from `from` to `to`: 1 when `to` is the day after `from`. */
export function daysBetween(from: string, to: string): number {
  return dayOf(to) - dayOf(from);
}

export function plusMonths(isoDate: string, months: number): string {
  return isoOf(addMonths(dayOf(isoDate), months));
}
