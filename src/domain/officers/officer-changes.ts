import type { OfficerAppointment } from '../../db/entities/officer-appointment';
import type { ChangeDraft } from '../changes/company-changes';
import { displayName } from './officer-name';
import { isUnknownOfficerId } from './officer-record';

/*
 * What changed between the officer list the store holds for a company and a new one, as change drafts for the
 * register change feed. One draft per appointment that changed, keyed by appointment id; the description is
 * what the alert says (alert-rules reads newValue.description, and newValue.action for the severity).
 */

export const officerChangeActions = ['appointed', 'resigned', 'changed', 'removed'] as const;
export type OfficerChangeAction = (typeof officerChangeActions)[number];

export interface OfficerChangeValue {
  action: OfficerChangeAction;
  officer_id: string;
  appointment_id: string;
  name: string;
  role: string;
  /** The day the appointment or resignation took effect; null for other changes. */
  date: string | null;
  description: string;
}

/** The stored appointment a change replaces, as the feed's old value. */
export interface AppointmentSummary {
  officer_id: string;
  appointment_id: string;
  name: string;
  officer_role: string;
  appointed_on: string | null;
  resigned_on: string | null;
}

/** Facts whose change is worth an alert, with the words the description uses for each. */
const COMPARED: readonly (readonly [keyof OfficerAppointment, string])[] = [
  ['officerId', 'officer id'],
  ['name', 'name'],
  ['officerRole', 'role'],
  ['appointedOn', 'appointment date'],
  ['resignedOn', 'resignation date'],
  ['birthYear', 'date of birth'],
  ['birthMonth', 'date of birth'],
  ['nationality', 'nationality'],
  ['countryOfResidence', 'country of residence'],
  ['occupation', 'occupation'],
  ['address', 'address'],
  ['identityVerification', 'identity verification'],
];

const ROLE_ACRONYMS: ReadonlyMap<string, string> = new Map([
  ['llp', 'LLP'],
  ['cic', 'CIC'],
  ['eeig', 'EEIG'],
]);

/** "llp-designated-member" → "LLP designated member". */
export function roleWords(role: string): string {
  return role
    .split('-')
    .map((word) => ROLE_ACRONYMS.get(word) ?? word)
    .join(' ');
}

export function appointmentSummary(row: OfficerAppointment): AppointmentSummary {
  return {
    officer_id: row.officerId,
    appointment_id: row.appointmentId,
    name: row.name,
    officer_role: row.officerRole,
    appointed_on: row.appointedOn,
    resigned_on: row.resignedOn,
  };
}

/** The differing facts, in words, each once. An officer id that replaces a stand-in is not news. */
function differences(before: OfficerAppointment, after: OfficerAppointment): string[] {
  const changed = COMPARED.filter(
    ([field]) =>
      before[field] !== after[field] && !(field === 'officerId' && isUnknownOfficerId(before.officerId)),
  ).map(([, words]) => words);
  return [...new Set(changed)];
}

function on(date: string | null): string {
  return date === null ? '' : ` on ${date}`;
}

function value(
  action: OfficerChangeAction,
  row: OfficerAppointment,
  date: string | null,
  description: string,
): OfficerChangeValue {
  return {
    action,
    officer_id: row.officerId,
    appointment_id: row.appointmentId,
    name: row.name,
    role: row.officerRole,
    date,
    description,
  };
}

/** The change one appointment went through, or undefined when nothing worth telling changed. */
export function appointmentChange(
  before: OfficerAppointment | undefined,
  after: OfficerAppointment | undefined,
): OfficerChangeValue | undefined {
  if (after === undefined) {
    if (before === undefined) return undefined;
    const who = displayName(before.name);
    return value(
      'removed',
      before,
      null,
      `${who} (${roleWords(before.officerRole)}) is no longer on the officer list`,
    );
  }
  const who = displayName(after.name);
  const role = roleWords(after.officerRole);
  const resigned = after.resignedOn !== null;
  if (before === undefined || (before.resignedOn === null && resigned)) {
    return resigned
      ? value('resigned', after, after.resignedOn, `${who} resigned as ${role}${on(after.resignedOn)}`)
      : value('appointed', after, after.appointedOn, `${who} appointed as ${role}${on(after.appointedOn)}`);
  }
  const changed = differences(before, after);
  if (changed.length === 0) return undefined;
  if (before.resignedOn !== null && !resigned)
    return value(
      'changed',
      after,
      null,
      `${who} is again recorded as ${role}: the resignation was withdrawn`,
    );
  return value('changed', after, null, `${who} (${role}): ${changed.join(', ')} changed`);
}

/**
 * The drafts from the stored appointments to the new list: new and changed appointments in the list's order,
 * then those gone from it in the order they were stored.
 */
export function diffOfficers(
  companyNumber: string,
  stored: readonly OfficerAppointment[],
  incoming: readonly OfficerAppointment[],
): ChangeDraft[] {
  const before = new Map(stored.map((row) => [row.appointmentId, row]));
  const after = new Set(incoming.map((row) => row.appointmentId));
  const draft = (old: OfficerAppointment | undefined, change: OfficerChangeValue): ChangeDraft => ({
    companyNumber,
    change: 'updated',
    field: 'officers',
    alertType: 'officer_change',
    oldValue: old === undefined ? null : appointmentSummary(old),
    newValue: change,
  });
  const drafts: ChangeDraft[] = [];
  for (const row of incoming) {
    const old = before.get(row.appointmentId);
    const change = appointmentChange(old, row);
    if (change) drafts.push(draft(old, change));
  }
  for (const old of stored) {
    if (after.has(old.appointmentId)) continue;
    drafts.push(draft(old, appointmentChange(old, undefined)!));
  }
  return drafts;
}
