import { evidence } from './health-evidence';
import type { HealthFacts } from './health-facts';
import { fired, notApplied, passed, type RuleEvaluator } from './rule-outcome';

/*
 * Status rules: a company that is gone, insolvent or about to be struck off is not made healthier by good
 * figures, so each of these caps the score and makes the risk severe.
 */

export const STRIKE_OFF_PROPOSED = 'active-proposal-to-strike-off';

function statusWords(facts: HealthFacts): string {
  const { status, statusDetail } = facts.profile;
  return `company status ${String(status)}${statusDetail ? ` (${statusDetail})` : ''}`;
}

function statusEvidence(facts: HealthFacts) {
  const { status, statusDetail, dateOfCessation } = facts.profile;
  return evidence({
    fields: [
      { name: 'company_status', value: status },
      { name: 'company_status_detail', value: statusDetail },
    ],
    dates: dateOfCessation ? [{ name: 'date_of_cessation', date: dateOfCessation }] : [],
  });
}

/** Fires when the status on the day is one of `statuses`. */
export function statusRule(statuses: readonly string[], cap: number, meaning: string): RuleEvaluator {
  return (facts) => {
    const { status } = facts.profile;
    if (status === null) return notApplied('the company status on the day is not known');
    if (!statuses.includes(status)) return passed(statusWords(facts));
    return fired({
      points: 0,
      cap,
      severe: true,
      detail: `The register shows ${statusWords(facts)}: ${meaning}.`,
      evidence: statusEvidence(facts),
    });
  };
}

/** Fires while a proposal to strike the company off stands. */
export function strikeOffProposalRule(cap: number): RuleEvaluator {
  return (facts) => {
    const { status, statusDetail } = facts.profile;
    if (status === null) return notApplied('the company status on the day is not known');
    if (statusDetail !== STRIKE_OFF_PROPOSED)
      return passed(`${statusWords(facts)}: no proposal to strike off`);
    return fired({
      points: 0,
      cap,
      severe: true,
      detail:
        'A proposal to strike the company off the register stands (first Gazette notice): unless it is ' +
        'withdrawn the company will be dissolved.',
      evidence: statusEvidence(facts),
    });
  };
}
