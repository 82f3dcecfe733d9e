import {
  isVerificationOverdue,
  type IdentityVerificationView,
} from '../../identity-verification/identity-verification';
import { kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/*
 * Directors and persons with significant control must verify their identity with Companies House (Economic Crime
 * and Corporate Transparency Act 2023), and the register publishes by when each must give the statement
 * (identity_verification_details). A current officer or an active PSC whose due date is before the day of the
 * check, with no verification and no statement published, refers. A person without a due date is not overdue:
 * the register has not asked them yet (the duty is phased in, and Companies House publishes a due date only once
 * it applies), so that counts in the detail, never as a reason. The roles the duty covers are the register's
 * call: it sets a due date only where one applies.
 */

interface Person {
  role: 'officer' | 'psc';
  name: string | null;
  id: Record<string, string>;
  verification: IdentityVerificationView;
}

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export const identityVerificationRule: KybRule = {
  check: 'identity_verification',
  apply({ officers, pscs, asOfDay }) {
    const people: Person[] = [
      ...(officers ?? [])
        .filter((officer) => officer.is_active)
        .map((officer): Person => ({
          role: 'officer',
          name: officer.name,
          id: { appointment_id: officer.appointment_id, officer_role: officer.officer_role },
          verification: officer.identity_verification,
        })),
      ...(pscs?.items ?? [])
        .filter((psc) => psc.is_active)
        .map((psc): Person => ({
          role: 'psc',
          name: psc.name,
          id: { psc_id: psc.psc_id, kind: psc.kind },
          verification: psc.identity_verification,
        })),
    ];
    const overdue = people.filter((person) => isVerificationOverdue(person.verification, asOfDay));
    const verified = people.filter(
      (person) =>
        person.verification?.identity_verified_on != null ||
        person.verification?.appointment_verification_start_on != null,
    ).length;
    const undated = people.filter(
      (person) => person.verification?.appointment_verification_statement_due_on == null,
    ).length;
    const notHeld = [officers === null ? 'the officer list' : null, pscs === null ? 'the PSC register' : null]
      .filter((part) => part !== null)
      .join(' and ');
    const detail =
      `${people.length} current officer(s) and active PSC(s) looked at: ${verified} verified, ` +
      `${overdue.length} overdue, ${undated} with no due date published (not yet required by the register)` +
      `${notHeld === '' ? '' : `; ${notHeld} not held, so not looked at`}.`;
    if (overdue.length === 0) return { reasons: [], detail };
    return {
      reasons: [
        kybReason(
          'identity_verification_overdue',
          `Identity verification statement overdue for ${overdue
            .map(
              (person) =>
                `${person.name ?? 'an unnamed PSC'} (${person.role}, due ${person.verification!.appointment_verification_statement_due_on})`,
            )
            .join('; ')}.`,
          {
            as_of: asOfDay,
            overdue: overdue.map((person) => {
              const verification = person.verification!;
              const due = verification.appointment_verification_statement_due_on!;
              return {
                role: person.role,
                name: person.name,
                ...person.id,
                appointment_verification_statement_date: verification.appointment_verification_statement_date,
                appointment_verification_statement_due_on: due,
                days_overdue: daysBetween(due, asOfDay),
                identity_verified_on: verification.identity_verified_on,
              };
            }),
          },
        ),
      ],
      detail,
    };
  },
};
