import { compareBirthDates } from '../../../src/domain/sanctions/matching/compare-birth-dates';
import { DEFAULT_MATCH_WEIGHTS } from '../../../src/domain/sanctions/matching/match-settings';

const weights = DEFAULT_MATCH_WEIGHTS.dateOfBirth;
const date = (year: number | null, month: number | null = null, day: number | null = null) => ({
  year,
  month,
  day,
});
const compare = (subject: { year: number; month: number | null } | null, listed: ReturnType<typeof date>[]) =>
  compareBirthDates(subject, listed, weights);

describe('compareBirthDates at the precision both sides have', () => {
  it("supports a match on the same month and year (the list's day is beyond the register's precision)", () => {
    expect(compare({ year: 1952, month: 10 }, [date(1952, 10, 7)])).toEqual({
      rule: 'dob_same_month_and_year',
      adjustment: weights.sameMonthAndYear,
      listed: date(1952, 10, 7),
    });
  });

  it('supports it less on the same year when either side lacks the month', () => {
    expect(compare({ year: 1952, month: 10 }, [date(1952)]).rule).toBe('dob_same_year');
    expect(compare({ year: 1952, month: null }, [date(1952, 10, 7)]).rule).toBe('dob_same_year');
    expect(weights.sameYear).toBeGreaterThan(0);
    expect(weights.sameYear).toBeLessThan(weights.sameMonthAndYear);
  });

  it('weighs against another month of the same year', () => {
    expect(compare({ year: 1977, month: 3 }, [date(1977, 10, 12)]).rule).toBe('dob_same_year_other_month');
    expect(weights.sameYearOtherMonth).toBeLessThan(0);
  });

  it('weighs against a year one off, less than against another year', () => {
    expect(compare({ year: 1971, month: 3 }, [date(1970, 3)]).rule).toBe('dob_year_off_by_one');
    expect(compare({ year: 1969, month: 3 }, [date(1970, 3)]).rule).toBe('dob_year_off_by_one');
    expect(compare({ year: 1973, month: 1 }, [date(1953, 1, 31)]).rule).toBe('dob_year_differs');
    expect(weights.yearOffByOne).toBeLessThan(0);
    expect(weights.yearDiffers).toBeLessThan(weights.yearOffByOne);
  });

  it('is neutral when either side is unknown', () => {
    const unknown = { rule: 'dob_unknown', adjustment: 0, listed: null };
    expect(compare(null, [date(1952, 10, 7)])).toEqual(unknown);
    expect(compare({ year: 1952, month: 10 }, [])).toEqual(unknown);
    expect(compare({ year: 1952, month: 10 }, [date(null, 10, 7)])).toEqual(unknown);
  });

  it('uses the listed date that agrees best, and names it', () => {
    const result = compare({ year: 1968, month: 5 }, [date(1965), date(1968, 5), date(1969)]);
    expect(result).toEqual({
      rule: 'dob_same_month_and_year',
      adjustment: weights.sameMonthAndYear,
      listed: date(1968, 5),
    });
  });
});
