import {
  accountsDeadline,
  confirmationStatementDeadline,
  nextAccountsDueAfter,
  nextConfirmationStatementDueAfter,
} from '../../../src/domain/health/filing-deadlines';

describe('statutory filing deadlines', () => {
  it('gives a private company 9 months and a public one 6, keeping month ends', () => {
    expect(accountsDeadline('2024-11-30', 'ltd', '2015-11-14')).toBe('2025-08-31');
    expect(accountsDeadline('2024-12-31', 'plc', '1990-01-01')).toBe('2025-06-30');
    expect(accountsDeadline('2024-06-30', 'old-public-company', null)).toBe('2024-12-31');
  });

  it('gives first accounts over 12 months 21 months from incorporation (18 public) or 3 months, the later', () => {
    expect(accountsDeadline('2024-01-31', 'ltd', '2023-01-10')).toBe('2024-10-10');
    expect(accountsDeadline('2024-01-31', 'plc', '2023-01-10')).toBe('2024-07-10');
    // A first period of 12 months or less follows the ordinary rule.
    expect(accountsDeadline('2023-12-31', 'ltd', '2023-01-10')).toBe('2024-09-30');
  });

  it('works out the next accounts due from the accounting reference date', () => {
    const profile = {
      type: 'ltd',
      dateOfCreation: '2015-11-14',
      accountingReferenceDay: 30,
      accountingReferenceMonth: 11,
    };
    expect(nextAccountsDueAfter('2023-11-30', profile)).toBe('2025-08-31');
    expect(nextAccountsDueAfter(null, profile)).toBe('2017-08-14');
    expect(
      nextAccountsDueAfter('2023-11-30', {
        ...profile,
        accountingReferenceDay: null,
        accountingReferenceMonth: null,
      }),
    ).toBe('2025-08-31');
    expect(nextAccountsDueAfter(null, { ...profile, dateOfCreation: null })).toBeNull();
  });

  it('gives a confirmation statement 14 days after its made-up date, a year on', () => {
    expect(confirmationStatementDeadline('2024-11-14')).toBe('2024-11-28');
    expect(nextConfirmationStatementDueAfter('2024-11-14', '2015-11-14')).toBe('2025-11-28');
    expect(nextConfirmationStatementDueAfter(null, '2025-02-01')).toBe('2026-02-15');
    expect(nextConfirmationStatementDueAfter(null, null)).toBeNull();
  });
});
