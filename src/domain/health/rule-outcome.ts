import type { Evidence } from './health-evidence';
import type { HealthFacts } from './health-facts';

/*
 * What one rule concluded about one company on one day. Every outcome also names the later days on which the
 * same facts could conclude differently (a due date passing, a window ending): valid_until is the first of them
 * on which the score actually moves.
 */

export const healthCategories = [
  'status',
  'filing_discipline',
  'financial',
  'charges_and_insolvency',
  'governance_and_ownership',
  'age_and_activity',
] as const;
export type HealthCategory = (typeof healthCategories)[number];

export interface Fired {
  status: 'fired';
  /** Points taken off 100 (0 for a rule that only lowers confidence). */
  points: number;
  /** The most the score can be while this holds; null when the rule only takes points off. */
  cap: number | null;
  /** A terminal or insolvency status: the risk is severe whatever the score. */
  severe: boolean;
  /** Why the evidence is thinner, when the rule lowers confidence instead of the score. */
  lowersConfidence: string | null;
  detail: string;
  evidence: Evidence;
  changesOn: string[];
}

export interface Passed {
  status: 'passed';
  lookedAt: string;
  changesOn: string[];
}

export interface NotApplied {
  status: 'not_applied';
  missing: string;
}

export type RuleOutcome = Fired | Passed | NotApplied;

export type RuleEvaluator = (facts: HealthFacts, asOf: string) => RuleOutcome;

export function fired(
  parts: Pick<Fired, 'points' | 'detail' | 'evidence'> &
    Partial<Pick<Fired, 'cap' | 'severe' | 'lowersConfidence' | 'changesOn'>>,
): Fired {
  return { status: 'fired', cap: null, severe: false, lowersConfidence: null, changesOn: [], ...parts };
}

export function passed(lookedAt: string, changesOn: string[] = []): Passed {
  return { status: 'passed', lookedAt, changesOn };
}

export function notApplied(missing: string): NotApplied {
  return { status: 'not_applied', missing };
}
