import { DAYS_IN_12_MONTHS, inWindow, leavesWindowOn } from './day-windows';
import { evidence, type Evidence } from './health-evidence';
import type { ChargeFact } from './health-facts';
import { fired, notApplied, passed, type RuleEvaluator } from './rule-outcome';

/*
 * Charges and insolvency. Charges read from the charges resource when it was imported; without it, the
 * register's outstanding count (rolled back to the day) still answers "any outstanding", but not "registered
 * lately". Insolvency: the cases imported, or the register's insolvency-history flag.
 */

const OUTSTANDING = new Set(['outstanding', 'part-satisfied']);

function chargeEvidence(charges: readonly ChargeFact[]): Evidence['charges'] {
  return charges.map((charge) => ({
    charge_id: charge.chargeId,
    charge_code: charge.chargeCode,
    status: charge.status,
    created_on: charge.createdOn,
    satisfied_on: charge.satisfiedOn,
  }));
}

export function insolvencyHistoryRule(points: number): RuleEvaluator {
  return (facts) => {
    const cases = facts.insolvencyCases;
    const flag = facts.profile.hasInsolvencyHistory;
    if (cases.length === 0 && !flag)
      return passed(
        facts.imported.has('insolvency')
          ? 'no insolvency case held and no insolvency history on the register'
          : 'no insolvency history on the register',
      );
    return fired({
      points,
      detail:
        cases.length > 0
          ? `Insolvency history: ${cases
              .map(
                (c) =>
                  `case ${c.caseNumber} ${c.type}` +
                  (c.dates.length > 0 ? ` (${c.dates.map((d) => `${d.type} ${d.date}`).join(', ')})` : ''),
              )
              .join('; ')}.`
          : 'The register records insolvency history for the company.',
      evidence: evidence({
        fields: [{ name: 'has_insolvency_history', value: flag }],
        insolvency_cases: cases.map((c) => ({ case_number: c.caseNumber, type: c.type, dates: c.dates })),
      }),
    });
  };
}

export function outstandingChargesRule(points: number): RuleEvaluator {
  return (facts) => {
    if (facts.imported.has('charges')) {
      const outstanding = facts.charges.filter((charge) => OUTSTANDING.has(charge.status));
      if (outstanding.length === 0) return passed(`${facts.charges.length} charges held, none outstanding`);
      return fired({
        points,
        detail: `${outstanding.length} charge${outstanding.length === 1 ? '' : 's'} outstanding: ${outstanding
          .map(
            (charge) =>
              `${charge.chargeCode ?? charge.chargeId} created ${charge.createdOn ?? 'on an unknown date'}`,
          )
          .join('; ')}.`,
        evidence: evidence({ charges: chargeEvidence(outstanding) }),
      });
    }
    const count = facts.profile.chargesOutstanding;
    if (count === 0) return passed('the register counts no outstanding charge');
    return fired({
      points,
      detail: `The register counts ${count} outstanding charge${count === 1 ? '' : 's'}.`,
      evidence: evidence({ fields: [{ name: 'charges_outstanding', value: count }] }),
    });
  };
}

export function recentChargeRule(points: number): RuleEvaluator {
  return (facts, asOf) => {
    if (!facts.imported.has('charges')) return notApplied('the charges were never imported');
    const recent = facts.charges.filter((charge) => inWindow(charge.createdOn, asOf, DAYS_IN_12_MONTHS));
    if (recent.length === 0) return passed('no charge created in the last 12 months');
    return fired({
      points,
      detail: `${recent.length} charge${recent.length === 1 ? '' : 's'} created in the last 12 months: ${recent
        .map((charge) => `${charge.chargeCode ?? charge.chargeId} on ${charge.createdOn}`)
        .join('; ')}.`,
      evidence: evidence({ charges: chargeEvidence(recent) }),
      changesOn: recent.map((charge) => leavesWindowOn(charge.createdOn!, DAYS_IN_12_MONTHS)),
    });
  };
}
