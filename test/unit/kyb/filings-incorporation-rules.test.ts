import { filingsRule } from '../../../src/domain/kyb/rules/filings-rule';
import { incorporationRule } from '../../../src/domain/kyb/rules/incorporation-rule';
import { facts, profile, withProfile } from './kyb-facts-fixture';

describe('filings rule', () => {
  it('passes filings not yet due, naming the due dates', () => {
    expect(filingsRule.apply(facts())).toEqual({
      reasons: [],
      detail:
        'Accounts next due 2026-08-31, confirmation statement next due 2026-11-28, judged on 2026-03-02.',
    });
  });

  it('refers overdue accounts and confirmation statement with the due date and days overdue', () => {
    const { reasons } = filingsRule.apply(
      withProfile({
        accounts: { ...profile.accounts, next_due: '2025-08-31', overdue: true },
        confirmation_statement: { ...profile.confirmation_statement, next_due: '2026-03-01', overdue: true },
      }),
    );
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'accounts_overdue',
        outcome: 'refer',
        evidence: { next_due: '2025-08-31', days_overdue: 183, as_of: '2026-03-02' },
        detail: 'Accounts were due by 2025-08-31: 183 days overdue on 2026-03-02.',
      }),
      expect.objectContaining({
        code: 'confirmation_statement_overdue',
        outcome: 'refer',
        evidence: { next_due: '2026-03-01', days_overdue: 1, as_of: '2026-03-02' },
      }),
    ]);
  });

  it('treats no due date as nothing owed, not as missing data', () => {
    const { reasons, detail } = filingsRule.apply(
      withProfile({ accounts: { ...profile.accounts, next_due: null, overdue: false } }),
    );
    expect(reasons).toEqual([]);
    expect(detail).toContain('Accounts next due none given');
  });
});

describe('incorporation rule', () => {
  it('refers a company younger than 12 months, with its age', () => {
    const { reasons } = incorporationRule.apply(withProfile({ date_of_creation: '2025-09-15' }));
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'recently_incorporated',
        outcome: 'refer',
        evidence: { date_of_creation: '2025-09-15', age_days: 168, threshold_months: 12 },
      }),
    ]);
  });

  it('stops referring on the first anniversary', () => {
    expect(incorporationRule.apply(withProfile({ date_of_creation: '2025-03-03' })).reasons).toHaveLength(1);
    expect(incorporationRule.apply(withProfile({ date_of_creation: '2025-03-02' })).reasons).toEqual([]);
  });

  it('cannot judge a company without a date of incorporation', () => {
    expect(incorporationRule.apply(withProfile({ date_of_creation: null })).reasons).toEqual([
      expect.objectContaining({
        code: 'data_missing',
        outcome: 'unable_to_check',
        evidence: { check: 'incorporation', data: 'date of incorporation' },
      }),
    ]);
  });
});
