import { evaluateHealth } from '../../../src/domain/health/evaluate-health';
import { gradeOf, riskLevelOf } from '../../../src/domain/health/health-bands';
import type { HealthFacts } from '../../../src/domain/health/health-facts';
import { HEALTH_RULES } from '../../../src/domain/health/health-rules';
import { healthScoreSchema } from '../../../src/domain/health/health-result';
import { HEALTH_MODEL_VERSION, summaryOf } from '../../../src/domain/health/score-company';
import { accountsYear, AS_OF, filing, healthyFacts } from './health-facts-builder';

const evaluate = (facts: HealthFacts, asOf = AS_OF) => evaluateHealth(facts, asOf, { feedReachesDay: true });

function withFacts(change: (facts: HealthFacts) => void): HealthFacts {
  const facts = healthyFacts();
  change(facts);
  return facts;
}

describe('grade and risk bands', () => {
  it.each([
    [100, 'A', 'low'],
    [85, 'A', 'low'],
    [84, 'B', 'low'],
    [75, 'B', 'low'],
    [74, 'B', 'moderate'],
    [70, 'B', 'moderate'],
    [69, 'C', 'moderate'],
    [55, 'C', 'moderate'],
    [54, 'D', 'moderate'],
    [50, 'D', 'moderate'],
    [49, 'D', 'high'],
    [40, 'D', 'high'],
    [39, 'E', 'high'],
    [25, 'E', 'high'],
    [24, 'E', 'severe'],
    [0, 'E', 'severe'],
  ])('score %i is grade %s, risk %s', (score, grade, risk) => {
    expect(gradeOf(score)).toBe(grade);
    expect(riskLevelOf(score, false)).toBe(risk);
  });

  it('a status rule makes any score severe', () => {
    expect(riskLevelOf(100, true)).toBe('severe');
  });
});

describe('evaluateHealth', () => {
  it('scores the healthy company 100, A, low, with every rule checked and high confidence', () => {
    const result = evaluate(healthyFacts());
    expect(healthScoreSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      company_number: '09876543',
      model_version: HEALTH_MODEL_VERSION,
      as_of: AS_OF,
      score: 100,
      grade: 'A',
      risk_level: 'low',
      score_unavailable_reason: null,
      calculation: '100 = 100',
      confidence: { level: 'high', reasons: [] },
      signals: [],
      missing_data: { resources_not_imported: [], rules_not_applied: [] },
    });
    expect(result.checks_passed.map((check) => check.code)).toEqual(HEALTH_RULES.map((rule) => rule.code));
    expect(result.checks_passed.find((check) => check.code === 'accounts_overdue')?.looked_at).toBe(
      'accounts next due 2027-08-31',
    );
    expect(result.disclaimer).toContain('not a credit rating');
  });

  it('takes each fired rule’s points off 100 and explains the sum', () => {
    const facts = withFacts((f) => {
      f.profile.nextAccountsDue = '2026-01-31'; // 121 days overdue: -30
      f.accountsYears = [accountsYear('2025-11-30', { net_assets: -1_000 })]; // -15
    });
    const result = evaluate(facts);
    expect(result.score).toBe(55);
    expect(result.grade).toBe('C');
    expect(result.risk_level).toBe('moderate');
    expect(result.calculation).toBe('100 - 30 (accounts_overdue) - 15 (net_liabilities) = 55');
    expect(result.signals.map((signal) => [signal.code, signal.effect, signal.category])).toEqual([
      ['accounts_overdue', -30, 'filing_discipline'],
      ['net_liabilities', -15, 'financial'],
    ]);
  });

  it('a terminal status caps the score and sets severe', () => {
    const facts = withFacts((f) => {
      f.profile.status = 'liquidation';
      f.profile.hasInsolvencyHistory = true;
    });
    const result = evaluate(facts);
    expect(result.score).toBe(10);
    expect(result.risk_level).toBe('severe');
    expect(result.calculation).toBe('100 - 20 (insolvency_history) = 80, capped at 10 (status_liquidation)');
    expect(result.signals.find((signal) => signal.code === 'status_liquidation')).toMatchObject({
      effect: 0,
      cap: 10,
    });
  });

  it('never goes below 0', () => {
    const facts = withFacts((f) => {
      f.profile.nextAccountsDue = '2025-01-01';
      f.profile.confirmationStatementNextDue = '2025-01-01';
      f.profile.dateOfCreation = '2025-09-01';
      f.profile.hasInsolvencyHistory = true;
      f.accountsYears = [
        accountsYear('2025-11-30', {
          net_assets: -1,
          profit_loss: -5,
          current_assets: 1,
          creditors_within_one_year: 9,
        }),
        accountsYear('2024-11-30', { profit_loss: -5 }),
        accountsYear('2023-11-30', { profit_loss: -5 }),
      ];
      f.filings.push(
        filing({
          transactionId: 'G',
          date: '2026-05-01',
          category: 'gazette',
          descriptionCode: 'gazette-notice-compulsory',
        }),
      );
    });
    const result = evaluate(facts);
    expect(result.score).toBe(0);
    expect(result.calculation).toMatch(/= -\d+, kept at 0$/);
  });

  it('lists resources never imported and the rules they stop, and lowers confidence', () => {
    const facts = withFacts((f) => {
      f.imported = new Set(['accounts', 'filing_history']);
    });
    const result = evaluate(facts);
    expect(result.missing_data.resources_not_imported).toEqual([
      'officers',
      'persons_with_significant_control',
      'charges',
      'insolvency',
    ]);
    expect(result.missing_data.rules_not_applied.map((rule) => rule.code)).toEqual([
      'recent_charge',
      'officer_churn',
      'no_psc_identified',
      'disqualified_director',
      'disqualification_history',
    ]);
    expect(result.confidence.level).toBe('low');
    expect(result.score).toBe(100);
  });

  it('dormant or micro accounts lower confidence to medium but leave the score alone', () => {
    const facts = withFacts((f) => {
      f.accountsYears = [accountsYear('2025-11-30', { net_assets: 100 }, { accountsType: 'dormant' })];
    });
    const result = evaluate(facts);
    expect(result.score).toBe(100);
    expect(result.confidence.level).toBe('medium');
    expect(result.confidence.reasons).toEqual([
      'the latest accounts are dormant accounts, which hold little to judge by',
    ]);
    expect(result.signals.map((signal) => [signal.code, signal.effect])).toEqual([
      ['limited_accounts_evidence', 0],
    ]);
  });

  it('has no score before incorporation, and says why', () => {
    const result = evaluate(healthyFacts(), '2015-11-13');
    expect(result).toMatchObject({
      score: null,
      grade: null,
      risk_level: null,
      score_unavailable_reason: '2015-11-13 is before the company was incorporated on 2015-11-14',
      valid_until: '2015-11-14',
      signals: [],
    });
  });

  it('has no score when the status on the day is unknown', () => {
    const facts = withFacts((f) => {
      f.profile.status = null;
    });
    expect(evaluate(facts).score_unavailable_reason).toContain('status');
    expect(evaluate(facts).score).toBeNull();
  });

  it('is deterministic: the same facts in any order give the same result', () => {
    const facts = withFacts((f) => {
      f.profile.nextAccountsDue = '2026-03-01';
      f.officers.push(
        { appointmentId: 'x1', name: 'X1', role: 'director', appointedOn: null, resignedOn: '2026-01-01' },
        { appointmentId: 'x2', name: 'X2', role: 'director', appointedOn: null, resignedOn: '2025-12-01' },
      );
    });
    const first = evaluate(facts);
    const reordered = withFacts(() => undefined);
    Object.assign(reordered, facts, {
      officers: [...facts.officers].reverse(),
      filings: [...facts.filings].reverse(),
      accountsYears: [...facts.accountsYears].reverse(),
    });
    expect(evaluate(reordered)).toEqual(first);
    expect(evaluate(facts)).toEqual(first);
    expect(summaryOf(first).firedCodes).toEqual(['accounts_overdue', 'officer_churn']);
  });
});

describe('valid_until', () => {
  it('is the day after the next due date when nothing fires', () => {
    // Confirmation statement due 2026-11-28 comes before accounts due 2027-08-31.
    expect(evaluate(healthyFacts()).valid_until).toBe('2026-11-29');
  });

  it('is the day the next overdue band starts', () => {
    const facts = withFacts((f) => {
      f.profile.nextAccountsDue = '2026-05-10';
    });
    const result = evaluate(facts);
    expect(result.signals[0]).toMatchObject({ code: 'accounts_overdue', effect: -10 });
    expect(result.valid_until).toBe('2026-06-10');
    expect(evaluate(facts, '2026-06-10').score).not.toBe(result.score);
    expect(evaluate(facts, '2026-06-09').score).toBe(result.score);
  });

  it('is the day a resignation leaves the 12-month window', () => {
    const facts = withFacts((f) => {
      f.profile.confirmationStatementNextDue = '2027-12-31';
      f.officers.push(
        { appointmentId: 'x1', name: 'X1', role: 'director', appointedOn: null, resignedOn: '2025-08-15' },
        { appointmentId: 'x2', name: 'X2', role: 'director', appointedOn: null, resignedOn: '2026-02-01' },
      );
    });
    const result = evaluate(facts);
    expect(result.signals.map((signal) => signal.code)).toEqual(['officer_churn']);
    expect(result.valid_until).toBe('2026-08-15');
    expect(evaluate(facts, '2026-08-15').signals).toEqual([]);
  });

  it('is the anniversary that ends an age band', () => {
    const facts = withFacts((f) => {
      f.profile.dateOfCreation = '2025-09-20';
      f.profile.confirmationStatementNextDue = '2026-10-04';
      f.profile.nextAccountsDue = '2027-06-20';
    });
    expect(evaluate(facts).valid_until).toBe('2026-09-20');
  });

  it('skips a day on which nothing that is stored would change', () => {
    // Capped at 10 by liquidation: the statement's next overdue band (day 31) changes neither score nor codes.
    const facts = withFacts((f) => {
      f.profile.status = 'liquidation';
      f.profile.confirmationStatementNextDue = '2026-05-25';
      f.profile.nextAccountsDue = '2027-08-31';
    });
    const result = evaluate(facts);
    expect(result.score).toBe(10);
    expect(result.valid_until).toBe('2027-09-01');
  });

  it('is null when no day could change the score', () => {
    const facts = withFacts((f) => {
      f.profile.status = 'dissolved';
      f.profile.nextAccountsDue = null;
      f.profile.confirmationStatementNextDue = null;
    });
    expect(evaluate(facts).valid_until).toBeNull();
  });
});
