import { DAYS_IN_12_MONTHS, inWindow, leavesWindowOn } from './day-windows';
import { evidence } from './health-evidence';
import type { OfficerFact } from './health-facts';
import { fired, notApplied, passed, type RuleEvaluator } from './rule-outcome';

/*
 * Governance and ownership: a board emptying out, and ownership nobody has identified. Board members are
 * directors (of any kind) and LLP members; secretaries run errands, not the company.
 */

function isBoardMember(officer: OfficerFact): boolean {
  return officer.role.includes('director') || officer.role.includes('member');
}

/** Fires when at least `minimum` left the board in 12 months and they were at least half of it. */
export function officerChurnRule(minimum: number, points: number): RuleEvaluator {
  return (facts, asOf) => {
    if (!facts.imported.has('officers')) return notApplied('the officers were never imported');
    const board = facts.officers.filter(isBoardMember);
    const inOffice = board.filter((officer) => officer.resignedOn === null);
    const left = board.filter((officer) => inWindow(officer.resignedOn, asOf, DAYS_IN_12_MONTHS));
    const looked = `${left.length} board resignation${left.length === 1 ? '' : 's'} in the last 12 months, ${inOffice.length} in office`;
    if (left.length < minimum || left.length < inOffice.length)
      return passed(
        looked,
        left.map((officer) => leavesWindowOn(officer.resignedOn!, DAYS_IN_12_MONTHS)),
      );
    return fired({
      points,
      detail:
        `${left.length} of the ${left.length + inOffice.length} board members of 12 months ago resigned: ` +
        left.map((officer) => `${officer.name} (${officer.role}) on ${officer.resignedOn}`).join('; ') +
        `; ${inOffice.length} in office.`,
      evidence: evidence({
        fields: [
          { name: 'resignations_in_12_months', value: left.length },
          { name: 'board_in_office', value: inOffice.length },
        ],
        officers: left.map((officer) => ({
          appointment_id: officer.appointmentId,
          name: officer.name,
          role: officer.role,
          appointed_on: officer.appointedOn,
          resigned_on: officer.resignedOn,
        })),
      }),
      changesOn: left.map((officer) => leavesWindowOn(officer.resignedOn!, DAYS_IN_12_MONTHS)),
    });
  };
}

/** PSC statements that leave the people in control unknown (Companies House's codes, spelling included). */
export const NO_PSC_IDENTIFIED_STATEMENTS: readonly string[] = [
  'no-individual-or-entity-with-signficant-control',
  'steps-to-find-psc-not-yet-completed',
  'psc-exists-but-not-identified',
  'psc-details-not-confirmed',
  'psc-contacted-but-no-response',
  'restrictions-notice-issued-to-psc',
  'no-individual-or-entity-with-signficant-control-partnership',
  'steps-to-find-psc-not-yet-completed-partnership',
  'psc-exists-but-not-identified-partnership',
  'psc-details-not-confirmed-partnership',
  'psc-contacted-but-no-response-partnership',
  'restrictions-notice-issued-to-psc-partnership',
  'no-beneficial-owner-identified',
  'at-least-one-beneficial-owner-unidentified',
];

export function noPscIdentifiedRule(points: number): RuleEvaluator {
  return (facts) => {
    if (!facts.imported.has('persons_with_significant_control'))
      return notApplied('the persons with significant control were never imported');
    const current = facts.pscs.filter((psc) => psc.ceasedOn === null);
    const people = current.filter((psc) => psc.statement === null);
    const statements = current.filter(
      (psc) => psc.statement !== null && NO_PSC_IDENTIFIED_STATEMENTS.includes(psc.statement),
    );
    if (people.length > 0)
      return passed(
        `${people.length} person${people.length === 1 ? '' : 's'} with significant control identified`,
      );
    if (statements.length === 0) return passed('no PSC statement saying that no one is identified');
    return fired({
      points,
      detail: `No person with significant control is identified; the company states: ${statements
        .map((psc) => `${psc.statement}${psc.notifiedOn ? ` (notified ${psc.notifiedOn})` : ''}`)
        .join('; ')}.`,
      evidence: evidence({
        psc_statements: statements.map((psc) => ({
          psc_id: psc.pscId,
          statement: psc.statement!,
          notified_on: psc.notifiedOn,
        })),
      }),
    });
  };
}
