import { identityVerificationRule } from '../../../src/domain/kyb/rules/identity-verification-rule';
import { director, facts, pscRegister } from './kyb-facts-fixture';

const view = (changes: Record<string, unknown>) => ({
  appointment_verification_statement_date: null,
  appointment_verification_statement_due_on: null,
  appointment_verification_start_on: null,
  appointment_verification_end_on: null,
  identity_verified_on: null,
  authorised_corporate_service_provider_name: null,
  anti_money_laundering_supervisory_bodies: [],
  preferred_name: null,
  ...changes,
});

const dueBefore = view({ appointment_verification_statement_due_on: '2026-02-20' });
const withDirector = (identity_verification: ReturnType<typeof view> | null, is_active = true) =>
  facts({ officers: [{ ...director, identity_verification, is_active }] });

describe('identity verification rule', () => {
  it('refers a current director whose statement was due before the day of the check, with the dates', () => {
    const { reasons } = identityVerificationRule.apply(withDirector(dueBefore));
    expect(reasons).toEqual([
      {
        code: 'identity_verification_overdue',
        outcome: 'refer',
        title: 'Identity verification is overdue',
        detail:
          'Identity verification statement overdue for OLDHAM, Margaret Anne (officer, due 2026-02-20).',
        evidence: {
          as_of: '2026-03-02',
          overdue: [
            {
              role: 'officer',
              name: 'OLDHAM, Margaret Anne',
              appointment_id: 'oldham-appointment',
              officer_role: 'director',
              appointment_verification_statement_date: null,
              appointment_verification_statement_due_on: '2026-02-20',
              days_overdue: 10,
              identity_verified_on: null,
            },
          ],
        },
      },
    ]);
  });

  it('refers an active PSC overdue the same way', () => {
    const overduePsc = {
      ...pscRegister.items[0]!,
      identity_verification: view({
        appointment_verification_statement_date: '2026-02-01',
        appointment_verification_statement_due_on: '2026-02-15',
      }),
    };
    const { reasons } = identityVerificationRule.apply(
      facts({ pscs: { ...pscRegister, items: [overduePsc] } }),
    );
    expect(reasons[0]!.evidence.overdue).toEqual([
      expect.objectContaining({ role: 'psc', psc_id: 'oldham-1', days_overdue: 15 }),
    ]);
  });

  it('gives no reason once verified, when the due day is the day of the check or later, or for a resigned director', () => {
    for (const verification of [
      view({ appointment_verification_statement_due_on: '2026-02-20', identity_verified_on: '2026-02-25' }),
      view({
        appointment_verification_statement_due_on: '2026-02-20',
        appointment_verification_start_on: '2026-02-19',
      }),
      view({ appointment_verification_statement_due_on: '2026-03-02' }),
    ])
      expect(identityVerificationRule.apply(withDirector(verification)).reasons).toEqual([]);
    expect(identityVerificationRule.apply(withDirector(dueBefore, false)).reasons).toEqual([]);
  });

  it('gives no reason where the register published no due date, and says so', () => {
    expect(identityVerificationRule.apply(withDirector(null))).toEqual({
      reasons: [],
      detail:
        '2 current officer(s) and active PSC(s) looked at: 0 verified, 0 overdue, 2 with no due date published (not yet required by the register).',
    });
  });

  it('names what it could not look at', () => {
    expect(identityVerificationRule.apply(facts({ officers: null })).detail).toContain(
      'the officer list not held, so not looked at',
    );
  });
});
