import type { OfficerAppointment } from '../../db/entities/officer-appointment';
import type { OfficerAddress, OfficerListItem } from './officer-list-resource';
import { storedIdentityVerification } from '../identity-verification/identity-verification';
import { officerNameKeys } from './officer-name';

/*
 * One officer list item as a row of officer_appointments, and back. The appointment id and the officer id are
 * not fields of the item: Companies House gives them only inside its links, so they are read from there.
 */

const APPOINTMENT_LINK = /^\/company\/([A-Z0-9]{8})\/appointments\/([^/\s]+)$/;
const OFFICER_LINK = /^\/officers\/([^/\s]+)\/appointments$/;

export interface AppointmentLinks {
  companyNumber: string;
  appointmentId: string;
  officerId: string;
}

/*
 * A Streaming API officer event may leave the officer link out (its data has links.self only), so an appointment
 * first seen there has no officer id. It is stored under a stand-in that says so, one per appointment (the person
 * cannot be told from a namesake), until a full officer list brings the real id; diffOfficers does not call that
 * replacement a change.
 */
const UNKNOWN_OFFICER_PREFIX = 'unknown-officer:';

export function unknownOfficerId(appointmentId: string): string {
  return `${UNKNOWN_OFFICER_PREFIX}${appointmentId}`;
}

export function isUnknownOfficerId(officerId: string): boolean {
  return officerId.startsWith(UNKNOWN_OFFICER_PREFIX);
}

/** The company number and appointment id in an appointment's path (/company/{n}/appointments/{id}). */
export function appointmentPath(path: string): { companyNumber: string; appointmentId: string } | undefined {
  const self = APPOINTMENT_LINK.exec(path);
  return self ? { companyNumber: self[1]!, appointmentId: self[2]! } : undefined;
}

/** The officer id in an officer link (/officers/{id}/appointments); undefined for another shape. */
export function officerIdOfLink(link: string): string | undefined {
  return OFFICER_LINK.exec(link)?.[1];
}

/** The ids in an item's links; undefined for a link that does not have the published shape. */
export function appointmentLinks(item: Pick<OfficerListItem, 'links'>): AppointmentLinks | undefined {
  const self = APPOINTMENT_LINK.exec(item.links.self);
  const officer = OFFICER_LINK.exec(item.links.officer.appointments);
  if (!self || !officer) return undefined;
  return { companyNumber: self[1]!, appointmentId: self[2]!, officerId: officer[1]! };
}

/** Parts of an item kept whole: read back with the appointment, never searched. */
export interface AppointmentDetails {
  appointed_before?: string;
  is_pre_1992_appointment?: boolean;
  identification?: Record<string, unknown>;
  former_names?: Record<string, unknown>[];
  person_number?: string;
  responsibilities?: string;
}

/** The row of an item (its ids come from `links`, read by appointmentLinks or from a stream event's path). */
export function appointmentRow(
  companyNumber: string,
  item: Omit<OfficerListItem, 'links'>,
  links: AppointmentLinks,
): OfficerAppointment {
  const keys = officerNameKeys(item.name);
  const details: AppointmentDetails = {
    appointed_before: item.appointed_before,
    is_pre_1992_appointment: item.is_pre_1992_appointment,
    identification: item.identification,
    former_names: item.former_names,
    person_number: item.person_number,
    responsibilities: item.responsibilities,
  };
  return {
    companyNumber,
    appointmentId: links.appointmentId,
    officerId: links.officerId,
    name: item.name,
    surnameKey: keys.surnameKey,
    nameKey: keys.nameKey,
    officerRole: item.officer_role,
    appointedOn: item.appointed_on ?? null,
    resignedOn: item.resigned_on ?? null,
    birthYear: item.date_of_birth?.year ?? null,
    birthMonth: item.date_of_birth?.month ?? null,
    nationality: item.nationality ?? null,
    countryOfResidence: item.country_of_residence ?? null,
    occupation: item.occupation ?? null,
    address: JSON.stringify(item.address ?? {}),
    details: JSON.stringify(details),
    identityVerification: storedIdentityVerification(item.identity_verification_details),
  };
}

export function dateOfBirth(row: Pick<OfficerAppointment, 'birthYear' | 'birthMonth'>) {
  return row.birthYear !== null && row.birthMonth !== null
    ? { month: row.birthMonth, year: row.birthYear }
    : null;
}

export function storedAddress(row: Pick<OfficerAppointment, 'address'>): OfficerAddress {
  return JSON.parse(row.address) as OfficerAddress;
}
