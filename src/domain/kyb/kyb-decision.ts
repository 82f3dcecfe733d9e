import type { KybFacts } from './kyb-facts';
import { mostSevereOutcome, OUTCOME_PRECEDENCE, type KybOutcome } from './kyb-outcome';
import { KYB_CHECKS, kybReasonCodes, type KybCheck, type KybReasonCode } from './kyb-reasons';
import type { KybCheckPerformed, KybReason } from './kyb-result';
import { COMPANY_RULES } from './kyb-rules';
import type { RuleFinding } from './rules/kyb-rule';

export interface KybAssessment {
  reasons: KybReason[];
  checks: KybCheckPerformed[];
}

export interface KybDecision {
  outcome: KybOutcome;
  decided_by: KybReasonCode;
  decision: string;
}

/** A check as the result lists it, passed or not. */
export function checkPerformed(check: KybCheck, finding: RuleFinding): KybCheckPerformed {
  return {
    check,
    description: KYB_CHECKS[check].description,
    outcome: mostSevereOutcome(finding.reasons.map((reason) => reason.outcome)),
    reason_codes: finding.reasons.map((reason) => reason.code),
    detail: finding.detail,
  };
}

const tableOrder = (reason: KybReason) => kybReasonCodes.indexOf(reason.code);

/** Every check of an identified company; reasons in the order of the reason table. */
export function assessCompany(facts: KybFacts, companyCheck: RuleFinding): KybAssessment {
  const findings: [KybCheck, RuleFinding][] = [
    ['company', companyCheck],
    ...COMPANY_RULES.map((rule): [KybCheck, RuleFinding] => [rule.check, rule.apply(facts)]),
  ];
  return {
    reasons: findings.flatMap(([, finding]) => finding.reasons).sort((a, b) => tableOrder(a) - tableOrder(b)),
    checks: findings.map(([check, finding]) => checkPerformed(check, finding)),
  };
}

/**
 * The outcome is the most severe among the reasons given (OUTCOME_PRECEDENCE); the reason that decided it is the
 * first reason, in table order, with that outcome. Every result has at least one reason: the company check gives
 * one when it cannot identify the company, and the name check always gives one otherwise.
 */
export function decide(reasons: readonly KybReason[]): KybDecision {
  if (reasons.length === 0) throw new Error('a KYB decision needs at least one reason');
  const outcome = mostSevereOutcome(reasons.map((reason) => reason.outcome));
  const decider = [...reasons]
    .sort((a, b) => tableOrder(a) - tableOrder(b))
    .find((r) => r.outcome === outcome)!;
  const decision =
    outcome === 'pass'
      ? `pass: no check gave a reason to refer, fail or stop (decided by ${decider.code}: ${decider.title}).`
      : `${outcome}: decided by ${decider.code} (${decider.title}), the most severe outcome among the ` +
        `${reasons.length} reason(s) given; outcomes rank ${OUTCOME_PRECEDENCE.join(' > ')}.`;
  return { outcome, decided_by: decider.code, decision };
}
