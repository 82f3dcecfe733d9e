import { healthRule } from '../../../src/domain/kyb/rules/health-rule';
import { insolvencyRule } from '../../../src/domain/kyb/rules/insolvency-rule';
import { sanctionsRule } from '../../../src/domain/kyb/rules/sanctions-rule';
import { kybSanctionsScreenSchema } from '../../../src/domain/kyb/kyb-sources';
import { facts, listVersion, lowRisk, noMatchScreen, withProfile } from './kyb-facts-fixture';

/** A screen as screen_sanctions answers it: more fields than KYB reads, a numeric version id. */
const screenWithMatch = {
  list_versions: [
    { list: 'uk', id: 3, published_on: '2026-02-27', content_sha256: 'ab12', designations: 4980 },
  ],
  lists_not_screened: [{ list: 'un', name: 'UN Security Council Consolidated List', reason: 'not_held' }],
  screened: [
    { role: 'company', name: 'ACORN LEAF CONSULTING LTD', kind: 'entity' },
    { role: 'officer', name: 'PETROV, Ivan Sergeyevich', kind: 'individual' },
  ],
  potential_matches: [
    {
      subject: { role: 'officer', name: 'PETROV, Ivan Sergeyevich', kind: 'individual' },
      score: 0.93,
      threshold: 0.85,
      designation: {
        unique_id: 'RUS0123',
        names: ['Ivan Sergeyevich PETROV'],
        regime: 'Russia',
        type: 'Individual',
      },
      explanation: {
        name: { matched: 'Ivan Sergeyevich PETROV', contribution: 0.8 },
        date_of_birth: 'same month and year',
      },
    },
  ],
  disclaimer: 'A sanctions name match is not a finding that anyone is sanctioned.',
};

describe('sanctions rule', () => {
  it('passes a screen with no potential match, saying what was screened against which version', () => {
    expect(sanctionsRule.apply(facts())).toEqual({
      reasons: [],
      detail:
        '2 name(s) screened against UK Sanctions List version 3 (published 2026-02-27): no potential match.',
    });
  });

  it('refers each potential match with who was screened, in which role, and the designation', () => {
    const sanctions = kybSanctionsScreenSchema.parse(screenWithMatch);
    const { reasons } = sanctionsRule.apply(facts({ sanctions }));
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'sanctions_potential_match',
        outcome: 'refer',
        detail:
          '1 potential match(es) against UK Sanctions List version 3 (published 2026-02-27) for review: PETROV, Ivan Sergeyevich (officer, score 0.93). Not screened against: UN Security Council Consolidated List (not held).',
        evidence: {
          list_versions: [listVersion],
          matches: [
            {
              subject: screenWithMatch.potential_matches[0]!.subject,
              score: 0.93,
              designation: screenWithMatch.potential_matches[0]!.designation,
              explanation: screenWithMatch.potential_matches[0]!.explanation,
            },
          ],
        },
      }),
    ]);
  });

  it('cannot run without a list version', () => {
    const { reasons } = sanctionsRule.apply(facts({ sanctions: { ...noMatchScreen, list_versions: [] } }));
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'data_missing',
        outcome: 'unable_to_check',
        evidence: { check: 'sanctions', data: 'sanctions lists' },
      }),
    ]);
  });

  it('refuses a screen without the subject’s role', () => {
    const bad = {
      ...screenWithMatch,
      potential_matches: [{ ...screenWithMatch.potential_matches[0], subject: { name: 'X' } }],
    };
    expect(() => kybSanctionsScreenSchema.parse(bad)).toThrow();
  });
});

describe('insolvency rule', () => {
  const insolvencyCase = {
    case_number: 1,
    type: 'creditors-voluntary-liquidation',
    dates: [{ type: 'wound-up-on', date: '2024-02-01' }],
    practitioners: [
      { name: 'A Practitioner', role: 'practitioner', appointed_on: '2024-02-01', ceased_to_act_on: null },
    ],
  };

  it('passes a company with no history and no case', () => {
    expect(insolvencyRule.apply(facts()).reasons).toEqual([]);
  });

  it('refers insolvency history with the cases', () => {
    const { reasons } = insolvencyRule.apply(
      withProfile({ has_insolvency_history: true }, { insolvencyCases: [insolvencyCase] }),
    );
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'insolvency_history',
        outcome: 'refer',
        detail: 'The register records insolvency history (case 1: creditors voluntary liquidation).',
        evidence: {
          has_insolvency_history: true,
          cases: [{ case_number: 1, type: 'creditors-voluntary-liquidation', dates: insolvencyCase.dates }],
        },
      }),
    ]);
  });

  it('refers the history flag alone, saying no case details are held', () => {
    const { reasons } = insolvencyRule.apply(withProfile({ has_insolvency_history: true }));
    expect(reasons[0]!.detail).toBe('The register records insolvency history (no case details are held).');
  });
});

describe('health rule', () => {
  it.each([
    ['high', 'health_risk_high'],
    ['severe', 'health_risk_severe'],
  ] as const)('refers risk level %s as %s with the score, grade and model version', (riskLevel, code) => {
    const health = {
      ...lowRisk,
      score: 22,
      grade: 'E' as const,
      riskLevel,
      firedCodes: ['accounts_overdue'],
    };
    expect(healthRule.apply(facts({ health })).reasons).toEqual([
      expect.objectContaining({
        code,
        outcome: 'refer',
        evidence: {
          score: 22,
          grade: 'E',
          risk_level: riskLevel,
          model_version: 'health-1',
          as_of: '2026-03-02',
          fired_codes: ['accounts_overdue'],
        },
      }),
    ]);
  });

  it.each(['low', 'moderate'] as const)('passes risk level %s', (riskLevel) => {
    expect(healthRule.apply(facts({ health: { ...lowRisk, riskLevel } })).reasons).toEqual([]);
  });

  it('cannot run without a score', () => {
    for (const health of [null, { ...lowRisk, score: null, grade: null, riskLevel: null }]) {
      expect(healthRule.apply(facts({ health })).reasons).toEqual([
        expect.objectContaining({
          code: 'data_missing',
          evidence: { check: 'health', data: 'health score' },
        }),
      ]);
    }
  });
});
