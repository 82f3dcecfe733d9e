import { assessCompany, decide } from '../../../src/domain/kyb/kyb-decision';
import { mostSevereOutcome, type KybOutcome } from '../../../src/domain/kyb/kyb-outcome';
import { kybChecks } from '../../../src/domain/kyb/kyb-reasons';
import { dataMissing, kybReason } from '../../../src/domain/kyb/reason-builders';
import { facts, withProfile } from './kyb-facts-fixture';

const found = { reasons: [], detail: 'Company number 09876543 is on the register.' };

describe('mostSevereOutcome', () => {
  it.each<[KybOutcome[], KybOutcome]>([
    [[], 'pass'],
    [['pass'], 'pass'],
    [['pass', 'refer'], 'refer'],
    [['refer', 'unable_to_check'], 'unable_to_check'],
    [['unable_to_check', 'fail', 'refer'], 'fail'],
    [['fail', 'pass'], 'fail'],
  ])('%j → %s', (outcomes, expected) => {
    expect(mostSevereOutcome(outcomes)).toBe(expected);
  });
});

describe('decide', () => {
  const exact = kybReason('name_exact', 'same', {});
  const overdue = kybReason('accounts_overdue', 'late', {});
  const noList = dataMissing('sanctions', 'UK Sanctions List', 'no list');
  const dissolved = kybReason('company_dissolved', 'gone', {});

  it('passes on the name alone, decided by name_exact', () => {
    expect(decide([exact])).toMatchObject({ outcome: 'pass', decided_by: 'name_exact' });
  });

  it('refers when a refer reason fired beside a pass', () => {
    const decision = decide([exact, overdue]);
    expect(decision).toMatchObject({ outcome: 'refer', decided_by: 'accounts_overdue' });
    expect(decision.decision).toContain('decided by accounts_overdue');
    expect(decision.decision).toContain('fail > unable_to_check > refer > pass');
  });

  it('puts unable_to_check above refer, and fail above both', () => {
    expect(decide([exact, overdue, noList])).toMatchObject({
      outcome: 'unable_to_check',
      decided_by: 'data_missing',
    });
    expect(decide([noList, overdue, dissolved, exact])).toMatchObject({
      outcome: 'fail',
      decided_by: 'company_dissolved',
    });
  });

  it('takes the first reason of the table among equals, whatever order they came in', () => {
    const mismatch = kybReason('name_mismatch', 'other', {});
    expect(decide([mismatch, dissolved]).decided_by).toBe('company_dissolved');
  });

  it('refuses to decide without a reason', () => {
    expect(() => decide([])).toThrow('at least one reason');
  });
});

describe('assessCompany', () => {
  it('runs every check on a sound company and passes, so a pass says what was looked at', () => {
    const { reasons, checks } = assessCompany(facts(), found);
    expect(reasons.map((reason) => reason.code)).toEqual(['name_exact']);
    expect(checks.map((check) => check.check)).toEqual([...kybChecks]);
    expect(checks.every((check) => check.outcome === 'pass')).toBe(true);
    expect(checks.find((check) => check.check === 'sanctions')!.detail).toBe(
      '2 name(s) screened against UK Sanctions List version 3 (published 2026-02-27): no potential match.',
    );
    expect(checks.find((check) => check.check === 'health')!.detail).toBe(
      'Health score 82, grade A, risk low (model health-1, as of 2026-03-02).',
    );
  });

  it('lists the reasons in table order and gives each check its own outcome and codes', () => {
    const assessed = assessCompany(
      withProfile(
        {
          company_status: 'liquidation',
          has_insolvency_history: true,
          accounts: { ...facts().profile.accounts, next_due: '2026-01-31', overdue: true },
        },
        { statedName: 'Acorn Leaf Consultancy Ltd' },
      ),
      found,
    );
    expect(assessed.reasons.map((reason) => reason.code)).toEqual([
      'in_liquidation',
      'name_close_match',
      'accounts_overdue',
      'insolvency_history',
    ]);
    const byCheck = Object.fromEntries(assessed.checks.map((check) => [check.check, check]));
    expect(byCheck.status).toMatchObject({ outcome: 'fail', reason_codes: ['in_liquidation'] });
    expect(byCheck.name).toMatchObject({ outcome: 'refer', reason_codes: ['name_close_match'] });
    expect(byCheck.control).toMatchObject({ outcome: 'pass', reason_codes: [] });
    expect(decide(assessed.reasons)).toMatchObject({ outcome: 'fail', decided_by: 'in_liquidation' });
  });
});
