import { inCanonicalOrder } from './canonical-order';
import { gradeOf, riskLevelOf } from './health-bands';
import { confidenceOf, healthResources } from './health-confidence';
import type { HealthFacts } from './health-facts';
import { HEALTH_DISCLAIMER, type HealthScore } from './health-result';
import { HEALTH_RULES, type HealthRule } from './health-rules';
import type { Fired, RuleOutcome } from './rule-outcome';
import { HEALTH_MODEL_VERSION } from './health-model';

/*
 * The score from the facts: pure and deterministic (the same facts and day give the same answer, in the rule
 * table's order). 100 minus the points of every rule that fired, then the lowest cap, kept within 0–100.
 */

interface Reckoning {
  outcomes: { rule: HealthRule; outcome: RuleOutcome }[];
  score: number;
  severe: boolean;
  calculation: string;
}

function reckon(facts: HealthFacts, asOf: string): Reckoning {
  const outcomes = HEALTH_RULES.map((rule) => ({ rule, outcome: rule.evaluate(facts, asOf) }));
  const firedRules = outcomes.filter(
    (entry): entry is { rule: HealthRule; outcome: Fired } => entry.outcome.status === 'fired',
  );
  const deductions = firedRules.filter((entry) => entry.outcome.points > 0);
  const points = deductions.reduce((sum, entry) => sum + entry.outcome.points, 0);
  const caps = firedRules.filter((entry) => entry.outcome.cap !== null);
  const cap = caps.reduce((low, entry) => Math.min(low, entry.outcome.cap!), 100);
  const score = Math.max(0, Math.min(100 - points, cap));
  const lowest = caps.find((entry) => entry.outcome.cap === cap);
  const raw = 100 - points;
  const calculation =
    `100${deductions.map((entry) => ` - ${entry.outcome.points} (${entry.rule.code})`).join('')} = ${raw}` +
    (lowest && cap < raw ? `, capped at ${cap} (${lowest.rule.code})` : raw < 0 ? ', kept at 0' : '');
  return { outcomes, score, severe: firedRules.some((entry) => entry.outcome.severe), calculation };
}

function firedCodes(reckoning: Reckoning): string {
  return reckoning.outcomes
    .filter((entry) => entry.outcome.status === 'fired')
    .map((entry) => entry.rule.code)
    .join(',');
}

/**
 * The first later day on which the same facts give another score, grade, risk level or set of fired rules: the
 * candidates are the days the rules name (due dates passing, windows ending, anniversaries), tried in order.
 */
function validUntil(facts: HealthFacts, asOf: string, base: Reckoning): string | null {
  const candidates = [
    ...new Set(
      base.outcomes.flatMap((entry) =>
        entry.outcome.status === 'not_applied' ? [] : entry.outcome.changesOn,
      ),
    ),
  ]
    .filter((day) => day > asOf)
    .sort();
  const baseCodes = firedCodes(base);
  for (const day of candidates) {
    const later = reckon(facts, day);
    if (
      later.score !== base.score ||
      gradeOf(later.score) !== gradeOf(base.score) ||
      riskLevelOf(later.score, later.severe) !== riskLevelOf(base.score, base.severe) ||
      firedCodes(later) !== baseCodes
    )
      return day;
    // A later day can name days of its own (the next overdue band once the first is reached).
    for (const entry of later.outcomes)
      if (entry.outcome.status !== 'not_applied')
        for (const next of entry.outcome.changesOn)
          if (next > day && !candidates.includes(next)) {
            candidates.push(next);
            candidates.sort();
          }
  }
  return null;
}

export interface HealthContext {
  /** False when the day lies before the register change feed began (its state on the day is partly assumed). */
  feedReachesDay: boolean;
}

/** The full health score of one company on one day (YYYY-MM-DD) from its facts as known that day. */
export function evaluateHealth(given: HealthFacts, asOf: string, context: HealthContext): HealthScore {
  const facts = inCanonicalOrder(given);
  const resourcesNotImported = healthResources.filter((resource) => !facts.imported.has(resource));
  const unavailable = (reason: string, until: string | null): HealthScore => ({
    company_number: facts.companyNumber,
    company_name: facts.companyName,
    model_version: HEALTH_MODEL_VERSION,
    as_of: asOf,
    score: null,
    grade: null,
    risk_level: null,
    score_unavailable_reason: reason,
    disclaimer: HEALTH_DISCLAIMER,
    calculation: null,
    confidence: { level: 'low', reasons: [reason] },
    signals: [],
    checks_passed: [],
    missing_data: { resources_not_imported: resourcesNotImported, rules_not_applied: [] },
    reconstruction: facts.reconstruction,
    valid_until: until,
  });
  const created = facts.profile.dateOfCreation;
  if (created !== null && asOf < created)
    return unavailable(`${asOf} is before the company was incorporated on ${created}`, created);
  if (facts.profile.status === null)
    return unavailable(
      `the company status on ${asOf} is not known: the register change feed does not reach back to it`,
      null,
    );

  const reckoning = reckon(facts, asOf);
  const outcomes = reckoning.outcomes;
  return {
    company_number: facts.companyNumber,
    company_name: facts.companyName,
    model_version: HEALTH_MODEL_VERSION,
    as_of: asOf,
    score: reckoning.score,
    grade: gradeOf(reckoning.score),
    risk_level: riskLevelOf(reckoning.score, reckoning.severe),
    score_unavailable_reason: null,
    disclaimer: HEALTH_DISCLAIMER,
    calculation: reckoning.calculation,
    confidence: confidenceOf(
      facts,
      outcomes.map((entry) => entry.outcome),
      context.feedReachesDay,
    ),
    signals: outcomes.flatMap(({ rule, outcome }) =>
      outcome.status === 'fired'
        ? [
            {
              code: rule.code,
              title: rule.title,
              category: rule.category,
              effect: outcome.points === 0 ? 0 : -outcome.points,
              cap: outcome.cap,
              detail: outcome.detail,
              evidence: outcome.evidence,
            },
          ]
        : [],
    ),
    checks_passed: outcomes.flatMap(({ rule, outcome }) =>
      outcome.status === 'passed'
        ? [{ code: rule.code, title: rule.title, category: rule.category, looked_at: outcome.lookedAt }]
        : [],
    ),
    missing_data: {
      resources_not_imported: resourcesNotImported,
      rules_not_applied: outcomes.flatMap(({ rule, outcome }) =>
        outcome.status === 'not_applied'
          ? [{ code: rule.code, title: rule.title, category: rule.category, reason: outcome.missing }]
          : [],
      ),
    },
    reconstruction: facts.reconstruction,
    valid_until: validUntil(facts, asOf, reckoning),
  };
}
