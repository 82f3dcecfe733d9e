import { DAYS_IN_12_MONTHS, inWindow, leavesWindowOn } from './day-windows';
import { evidence } from './health-evidence';
import { addDays } from '../companies/register-dates';
import type { DisqualificationLink } from '../disqualifications/disqualification-links';
import type { HealthFacts, OfficerFact } from './health-facts';
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

/*
 * Disqualified directors (Company Directors Disqualification Act 1986): a board member in office on the day,
 * linked by Companies House officer id to an order or undertaking in force on the day, is acting while barred
 * (an offence, s.13; personal liability, s.15). A past disqualification of a board member, or a link by name and
 * month and year of birth only, is a weaker sign: it weighs less, as the KYB check refers rather than fails it.
 */

interface BoardLink {
  officer: OfficerFact;
  link: DisqualificationLink;
}

function boardLinks(facts: HealthFacts): BoardLink[] {
  return facts.officers
    .filter((officer) => isBoardMember(officer) && officer.resignedOn === null)
    .flatMap((officer) =>
      (facts.disqualifications[officer.appointmentId] ?? []).map((link) => ({ officer, link })),
    );
}

function disqualificationEvidence(found: readonly BoardLink[], status: 'current' | 'other') {
  const items = found.flatMap(({ link }) =>
    link.disqualified_officer.disqualifications
      .filter((item) => (status === 'current') === (item.status === 'current'))
      .map((item) => ({ link, item })),
  );
  return evidence({
    fields: found.flatMap(({ link }) => [
      { name: 'disqualified_officer_id', value: link.disqualified_officer.officer_id },
      { name: 'link_basis', value: link.basis },
    ]),
    dates: items.flatMap(({ item }) => [
      { name: 'disqualified_from', date: item.disqualified_from },
      { name: 'disqualified_until', date: item.disqualified_until },
    ]),
    officers: found.map(({ officer }) => ({
      appointment_id: officer.appointmentId,
      name: officer.name,
      role: officer.role,
      appointed_on: officer.appointedOn,
      resigned_on: officer.resignedOn,
    })),
  });
}

function describeLinks(found: readonly BoardLink[]): string {
  return found
    .map(({ officer, link }) => {
      const items = link.disqualified_officer.disqualifications
        .map(
          (item) =>
            `${item.disqualification_type} ${item.disqualified_from} to ${item.disqualified_until}` +
            `${item.reason.act ? ` (${item.reason.act}${item.reason.section ? ` s.${item.reason.section}` : ''})` : ''}`,
        )
        .join(', ');
      return `${officer.name} (${officer.role}; ${link.basis === 'officer_id' ? 'same officer id' : 'possible: same name and birth month'}): ${items}`;
    })
    .join('; ');
}

export function disqualifiedDirectorRule(points: number): RuleEvaluator {
  return (facts) => {
    if (!facts.imported.has('officers')) return notApplied('the officers were never imported');
    const found = boardLinks(facts).filter(
      ({ link }) =>
        link.basis === 'officer_id' &&
        link.disqualified_officer.disqualifications.some((item) => item.status === 'current'),
    );
    if (found.length === 0) return passed('no board member in office under a disqualification in force');
    return fired({
      points,
      detail: `Serving while disqualified: ${describeLinks(found)}.`,
      evidence: disqualificationEvidence(found, 'current'),
      changesOn: found.flatMap(({ link }) =>
        link.disqualified_officer.disqualifications
          .filter((item) => item.status === 'current')
          .map((item) => addDays(item.disqualified_until, 1)),
      ),
    });
  };
}

export function disqualificationHistoryRule(points: number): RuleEvaluator {
  return (facts) => {
    if (!facts.imported.has('officers')) return notApplied('the officers were never imported');
    const found = boardLinks(facts).filter(
      ({ link }) =>
        link.basis !== 'officer_id' ||
        !link.disqualified_officer.disqualifications.some((item) => item.status === 'current'),
    );
    if (found.length === 0)
      return passed('no board member in office with a past or possible disqualification');
    return fired({
      points,
      detail: `A board member in office has a past or possible disqualification: ${describeLinks(found)}.`,
      evidence: disqualificationEvidence(found, 'other'),
    });
  };
}
