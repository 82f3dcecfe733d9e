import { addDays } from '../companies/register-dates';
import { daysBetween } from './health-days';

/*
 * "In the last N days" as the rules count it: an event on the score's day counts, one N days before it no longer
 * does. So an event dated d counts up to and including d + N - 1 and leaves the window on d + N.
 */

export const DAYS_IN_12_MONTHS = 365;
export const DAYS_IN_3_YEARS = 1095;

export function inWindow(date: string | null, asOf: string, days: number): date is string {
  return date !== null && date <= asOf && daysBetween(date, asOf) < days;
}

export function leavesWindowOn(date: string, days: number): string {
  return addDays(date, days);
}
