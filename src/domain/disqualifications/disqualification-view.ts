import { z } from 'zod';
import type { Disqualification } from '../../db/entities/disqualified-officer';
import type { StoredDisqualifiedOfficer } from './disqualified-officer-store';

/* What the service says of a disqualified officer and each order or undertaking, with Companies House's field names. */

export const disqualificationStatuses = ['current', 'past', 'not_yet_started'] as const;
export type DisqualificationStatus = (typeof disqualificationStatuses)[number];

export const disqualificationViewSchema = z.object({
  disqualification_type: z.string().describe('Companies House’s enumeration: court-order, undertaking, …'),
  disqualified_from: z.iso.date(),
  disqualified_until: z.iso.date(),
  undertaken_on: z.iso.date().nullable(),
  heard_on: z.iso.date().nullable(),
  case_identifier: z.string().nullable(),
  court_name: z.string().nullable(),
  reason: z.object({
    act: z.string().nullable(),
    section: z.string().nullable(),
    article: z.string().nullable(),
    description_identifier: z.string().nullable(),
  }),
  company_names: z.array(z.string()).describe('The companies in which the misconduct took place'),
  status: z.enum(disqualificationStatuses).describe('On the day asked: in force, ended, or not yet started'),
});
export type DisqualificationView = z.infer<typeof disqualificationViewSchema>;

export const permissionToActViewSchema = z.object({
  company_names: z.array(z.string()),
  court_name: z.string().nullable(),
  granted_on: z.iso.date().nullable(),
  expires_on: z.iso.date().nullable(),
});

export const disqualifiedOfficerViewSchema = z.object({
  officer_id: z.string().describe('The id in /disqualified-officers/{kind}/{officer_id}'),
  kind: z.enum(['natural', 'corporate']),
  name: z.string(),
  date_of_birth: z.object({ month: z.number().int(), year: z.number().int() }).nullable(),
  company_number: z.string().nullable(),
  disqualifications: z.array(disqualificationViewSchema),
  permissions_to_act: z.array(permissionToActViewSchema),
});
export type DisqualifiedOfficerView = z.infer<typeof disqualifiedOfficerViewSchema>;

export function disqualificationStatus(item: Disqualification, day: string): DisqualificationStatus {
  if (item.disqualifiedFrom > day) return 'not_yet_started';
  return item.disqualifiedUntil < day ? 'past' : 'current';
}

export function disqualificationView(item: Disqualification, day: string): DisqualificationView {
  return {
    disqualification_type: item.disqualificationType,
    disqualified_from: item.disqualifiedFrom,
    disqualified_until: item.disqualifiedUntil,
    undertaken_on: item.undertakenOn,
    heard_on: item.heardOn,
    case_identifier: item.caseIdentifier,
    court_name: item.courtName,
    reason: {
      act: item.act,
      section: item.section,
      article: item.article,
      description_identifier: item.descriptionIdentifier,
    },
    company_names: JSON.parse(item.companyNames) as string[],
    status: disqualificationStatus(item, day),
  };
}

interface StoredPermission {
  company_names?: string[];
  court_name?: string;
  granted_on?: string;
  expires_on?: string;
}

export function disqualifiedOfficerView(
  stored: StoredDisqualifiedOfficer,
  day: string,
): DisqualifiedOfficerView {
  const { officer } = stored;
  const permissions = JSON.parse(officer.permissionsToAct) as StoredPermission[];
  return {
    officer_id: officer.officerId,
    kind: officer.kind === 'corporate' ? 'corporate' : 'natural',
    name: officer.name,
    date_of_birth:
      officer.birthYear !== null && officer.birthMonth !== null
        ? { month: officer.birthMonth, year: officer.birthYear }
        : null,
    company_number: officer.companyNumber,
    disqualifications: stored.disqualifications.map((item) => disqualificationView(item, day)),
    permissions_to_act: permissions.map((permission) => ({
      company_names: permission.company_names ?? [],
      court_name: permission.court_name ?? null,
      granted_on: permission.granted_on ?? null,
      expires_on: permission.expires_on ?? null,
    })),
  };
}
