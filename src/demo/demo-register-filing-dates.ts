import {
  addMonths,
  dayNumber,
  daysInMonth,
  fromDayNumber,
  nextOccurrence,
  occurrence,
} from '../domain/companies/register-dates';
import { ACCOUNT_CATEGORIES } from './demo-register-vocabulary';

/*
 * The demo register's filing dates (demo-register.ts): accounting reference dates, when accounts and confirmation
 * statements were last made up and when the next are due, by the rules Companies House applies. Days are day
 * numbers (register-dates.ts); each function writes its columns of the bulk CSV row `f` and draws from `random`
 * in a fixed order, so the register stays the same bytes for a seed.
 */

export interface AccountsFacts {
  incorporated: number;
  plc: boolean;
  dormant: boolean;
  asOf: number;
  /** The company is one of the demo's showcases behind with its accounts (demo-register.ts). */
  behind: boolean;
}

/**
 * Accounting periods end on the accounting reference date each year, the first one at least six months after
 * incorporation. Accounts are due nine months after a period ends (six for a plc); the first accounts, when the
 * first period is longer than a year, 21 months after incorporation (18 for a plc) or three months after the
 * period, whichever is later.
 */
export function writeAccounts(f: string[], company: AccountsFacts, random: () => number): void {
  const { incorporated, plc, dormant, asOf, behind } = company;
  const r = random;
  const [, incMonth] = fromDayNumber(incorporated);
  let ardDay: number;
  let ardMonth: number;
  const usual = r();
  if (usual < 0.7)
    [ardDay, ardMonth] = [31, incMonth]; // clamped below to the month's end
  else if (usual < 0.82) [ardDay, ardMonth] = [31, 3];
  else if (usual < 0.94) [ardDay, ardMonth] = [31, 12];
  else if (usual < 0.97) [ardDay, ardMonth] = [30, 6];
  else [ardDay, ardMonth] = [30, 9];
  ardDay = Math.min(ardDay, ardMonth === 2 ? 28 : daysInMonth(2001, ardMonth));

  const firstEnd = nextOccurrence(addMonths(incorporated, 6), ardDay, ardMonth);
  const [firstYear] = fromDayNumber(firstEnd);
  const periodEnd = (k: number) => (k === 1 ? firstEnd : occurrence(firstYear + k - 1, ardDay, ardMonth));
  const deadline = (k: number) => {
    const end = periodEnd(k);
    if (k === 1 && end > addMonths(incorporated, 12)) {
      return Math.max(addMonths(incorporated, plc ? 18 : 21), addMonths(end, 3));
    }
    return addMonths(end, plc ? 6 : 9);
  };

  // k: the periods whose deadline has passed.
  const [asOfYear] = fromDayNumber(asOf);
  let k = Math.max(0, asOfYear - firstYear - 1);
  if (k === 1) k = 0;
  while (deadline(k + 1) < asOf) k++;
  let filed = k;
  if (behind && k >= 1) filed = k - 1 - (k >= 2 && r() < 0.3 ? 1 : 0);
  else if (periodEnd(k + 1) < asOf - 30 && r() < 0.4) filed = k + 1;

  f[15] = String(ardDay);
  f[16] = String(ardMonth);
  f[17] = csvDay(deadline(filed + 1));
  f[18] = filed >= 1 ? csvDay(periodEnd(filed)) : '';
  f[19] =
    filed === 0
      ? 'NO ACCOUNTS FILED'
      : dormant
        ? 'DORMANT'
        : plc
          ? r() < 0.5
            ? 'GROUP'
            : 'FULL'
          : weighted(ACCOUNT_CATEGORIES, r());
}

const ANNUAL_RETURNS_ENDED = dayNumber(2016, 6, 30);

/**
 * Confirmation statements are made up to each anniversary of incorporation and due 14 days later. Annual
 * returns, which they replaced on 30 June 2016, linger in the file for companies old enough to have had them.
 */
export function writeReturnsAndStatements(
  f: string[],
  company: { incorporated: number; asOf: number; behind: boolean },
  random: () => number,
): void {
  const { incorporated, asOf, behind } = company;
  const anniversary = (k: number) => addMonths(incorporated, 12 * k);
  const due = (k: number) => anniversary(k) + 14;
  const [asOfYear] = fromDayNumber(asOf);
  const [incYear] = fromDayNumber(incorporated);
  let k = Math.max(0, asOfYear - incYear - 2);
  while (due(k + 1) < asOf) k++;
  let filed = k;
  if (behind && k >= 1) filed = k - 1;
  else if (anniversary(k + 1) <= asOf && random() < 0.5) filed = k + 1;
  f[53] = csvDay(due(filed + 1));
  f[54] = filed >= 1 ? csvDay(anniversary(filed)) : '';

  if (incorporated >= ANNUAL_RETURNS_ENDED) {
    f[20] = '';
    f[21] = '';
    return;
  }
  let returns = 0;
  while (anniversary(returns + 1) < ANNUAL_RETURNS_ENDED) returns++;
  f[20] = csvDay(anniversary(returns + 1) + 28);
  f[21] = returns >= 1 ? csvDay(anniversary(returns)) : '';
}

/** A day as the bulk CSV writes dates: DD/MM/YYYY. */
export function csvDay(day: number): string {
  const [y, m, d] = fromDayNumber(day);
  return `${d < 10 ? '0' : ''}${d}/${m < 10 ? '0' : ''}${m}/${y}`;
}

function weighted(table: readonly (readonly [value: string, upTo: number])[], u: number): string {
  for (const [value, upTo] of table) if (u < upTo) return value;
  return table[table.length - 1]![0];
}
