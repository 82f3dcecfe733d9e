import { addDays, iso } from '../../../src/domain/companies/register-dates';

// Dates are ISO strings compared as text, so a year below 1000 must keep its four digits (the fuzzer sent
// as_of=0020-02-29 and got a 500 when `0020` came back as `20`).
describe('register dates', () => {
  it('writes four-digit years, padded below 1000', () => {
    expect(iso(20, 2, 29)).toBe('0020-02-29');
    expect(iso(1, 1, 1)).toBe('0001-01-01');
    expect(iso(999, 12, 31)).toBe('0999-12-31');
    expect(iso(2026, 11, 24)).toBe('2026-11-24');
  });

  it('adds days across early years, leap days and year ends', () => {
    expect(addDays('0020-02-28', 1)).toBe('0020-02-29');
    expect(addDays('0999-12-31', 1)).toBe('1000-01-01');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
