import type { DisqualificationLink } from '../../disqualifications/disqualification-links';
import type { OfficerItem } from '../../officers/officer-view';
import { kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/*
 * A person disqualified under the Company Directors Disqualification Act 1986 (or the Northern Ireland order) must
 * not act as a director or take part in managing a company (CDDA 1986 s.1, s.1A); doing so is an offence (s.13)
 * and makes them personally liable for the company's debts (s.15). So a current director or LLP member whose
 * Companies House officer id is a disqualified officer's, with an order or undertaking in force on the day, fails.
 * Everything less certain refers, never fails: a link by name and month and year of birth only (namesakes exist),
 * a disqualification that has ended or not yet started, or one the court has given permission to act under
 * (permissions_to_act names the companies, and only a person can read the order against this company).
 * A check of its own rather than part of control: control reads who owns the company, this who runs it, and a
 * reviewer acts on each differently. Secretaries are left out: the Act bars directing and managing, and the
 * register's secretary is an administrative role.
 */

function isBoardMember(officer: OfficerItem): boolean {
  return officer.officer_role.includes('director') || officer.officer_role.includes('member');
}

type ReviewWhy = 'ended' | 'possible_link' | 'not_yet_started' | 'permission_to_act';

function appointmentOf(officer: OfficerItem) {
  return {
    appointment_id: officer.appointment_id,
    officer_id: officer.officer_id,
    name: officer.name,
    officer_role: officer.officer_role,
    appointed_on: officer.appointed_on,
  };
}

function linkEvidence(link: DisqualificationLink) {
  const officer = link.disqualified_officer;
  return {
    disqualified_officer_id: officer.officer_id,
    kind: officer.kind,
    disqualified_name: officer.name,
    date_of_birth: officer.date_of_birth,
    basis: link.basis,
    matched_fields: link.matched_fields,
  };
}

export const disqualificationRule: KybRule = {
  check: 'disqualification',
  apply({ officers, disqualifications, asOfDay }) {
    if (officers === null || disqualifications === null)
      return {
        reasons: [],
        detail: 'The officer list is not held, so no director was compared with the disqualified officers.',
      };
    const board = officers.filter((officer) => officer.is_active && isBoardMember(officer));
    const failing: Record<string, unknown>[] = [];
    const review: Record<string, unknown>[] = [];
    for (const officer of board) {
      for (const link of disqualifications[officer.officer_id] ?? []) {
        const items = link.disqualified_officer.disqualifications;
        const inForce = items.filter((item) => item.status === 'current');
        const permissions = link.disqualified_officer.permissions_to_act.filter(
          (permission) =>
            (permission.granted_on === null || permission.granted_on <= asOfDay) &&
            (permission.expires_on === null || permission.expires_on >= asOfDay),
        );
        const why: ReviewWhy[] = [];
        if (link.basis !== 'officer_id') why.push('possible_link');
        if (inForce.length > 0 && permissions.length > 0) why.push('permission_to_act');
        if (items.some((item) => item.status === 'not_yet_started')) why.push('not_yet_started');
        if (inForce.length === 0 && items.some((item) => item.status === 'past')) why.push('ended');
        const entry = { appointment: appointmentOf(officer), ...linkEvidence(link) };
        if (link.basis === 'officer_id' && inForce.length > 0 && permissions.length === 0)
          failing.push({ ...entry, disqualifications: inForce });
        else review.push({ ...entry, why, disqualifications: items, permissions_to_act: permissions });
      }
    }
    const detail =
      `${board.length} current director(s) and LLP member(s) compared with the disqualified officers held: ` +
      `${failing.length} disqualified now, ${review.length} to review.`;
    const reasons = [];
    if (failing.length > 0)
      reasons.push(
        kybReason(
          'disqualified_director',
          `Serving while disqualified: ${failing
            .map((entry) => {
              const appointment = entry.appointment as { name: string };
              const [first] = entry.disqualifications as { disqualified_until: string }[];
              return `${appointment.name} (until ${first!.disqualified_until})`;
            })
            .join('; ')}.`,
          { as_of: asOfDay, directors: failing },
        ),
      );
    if (review.length > 0)
      reasons.push(
        kybReason(
          'disqualification_to_review',
          `Disqualification to review for ${review
            .map(
              (entry) =>
                `${(entry.appointment as { name: string }).name} (${(entry.why as string[]).join(', ')})`,
            )
            .join('; ')}.`,
          { as_of: asOfDay, directors: review },
        ),
      );
    return { reasons, detail };
  },
};
