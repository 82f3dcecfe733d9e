import type { z } from 'zod';
import type { Disqualification, DisqualifiedOfficer } from '../../db/entities/disqualified-officer';
import { ServiceError } from '../errors';
import { officerNameKeys } from '../officers/officer-name';
import {
  RESOURCE_KIND,
  disqualifiedOfficerPath,
  disqualifiedOfficerResourceSchema,
  type DisqualifiedOfficerKind,
} from './disqualified-officer-resource';

/*
 * A disqualified-officer resource into the rows the store holds, checked whole first: a bad field refuses the
 * resource with `invalid_argument`, details.reason `invalid_disqualified_officer` and the field at fault, and
 * nothing is written. The resource's links.self names its kind and officer id; they must agree with `kind` and
 * with the path it was fetched from (or the stream event's resource_uri).
 */

export const INVALID_DISQUALIFIED_OFFICER = 'invalid_disqualified_officer';

export interface DisqualifiedOfficerRows {
  officer: DisqualifiedOfficer;
  disqualifications: Disqualification[];
}

function fieldOf(issue: z.core.$ZodIssue): string {
  return (
    issue.path
      .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
      .join('') || '(resource)'
  );
}

function refuse(source: string, field: string, message: string, officerId?: string): never {
  throw new ServiceError('invalid_argument', `${source}: ${field}: ${message}`, {
    reason: INVALID_DISQUALIFIED_OFFICER,
    field,
    ...(officerId === undefined ? {} : { officer_id: officerId }),
  });
}

/** Trimmed text, null when absent or blank. */
function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The rows of one resource. `expected`, when given, is the kind and officer id of the path it came from: a body
 * about another officer is refused rather than stored under the wrong id.
 */
export function disqualifiedOfficerRows(
  json: unknown,
  source: string,
  origin: string,
  now: Date,
  expected?: { kind: DisqualifiedOfficerKind; officerId: string },
): DisqualifiedOfficerRows {
  const parsed = disqualifiedOfficerResourceSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    refuse(source, fieldOf(issue), issue.message, expected?.officerId);
  }
  const resource = parsed.data;
  const self = disqualifiedOfficerPath(resource.links.self);
  if (!self) refuse(source, 'links.self', `${resource.links.self} is not /disqualified-officers/{kind}/{id}`);
  if (RESOURCE_KIND[self.kind] !== resource.kind)
    refuse(source, 'kind', `${resource.kind} at ${resource.links.self}`, self.officerId);
  if (expected && (expected.kind !== self.kind || expected.officerId !== self.officerId))
    refuse(
      source,
      'links.self',
      `${resource.links.self} is not the officer asked for (${expected.kind} ${expected.officerId})`,
      expected.officerId,
    );
  const officerId = self.officerId;
  let name: string;
  let keys: { surnameKey: string; nameKey: string };
  if (self.kind === 'natural') {
    const surname = text(resource.surname);
    if (surname === null) refuse(source, 'surname', 'required for a natural person', officerId);
    const forenames = [text(resource.forename), text(resource.other_forenames)].filter(
      (part) => part !== null,
    );
    // The officer register writes "SURNAME, Forenames": keyed the same way, a name compares word for word.
    name = forenames.length === 0 ? surname : `${surname}, ${forenames.join(' ')}`;
    keys = officerNameKeys(forenames.length === 0 ? `${surname},` : name);
  } else {
    const corporate = text(resource.name);
    if (corporate === null) refuse(source, 'name', 'required for a corporate officer', officerId);
    name = corporate;
    keys = officerNameKeys(corporate);
  }
  const birth = self.kind === 'natural' ? resource.date_of_birth : undefined;
  return {
    officer: {
      officerId,
      kind: self.kind,
      name,
      forename: self.kind === 'natural' ? text(resource.forename) : null,
      otherForenames: self.kind === 'natural' ? text(resource.other_forenames) : null,
      surname: self.kind === 'natural' ? text(resource.surname) : null,
      title: self.kind === 'natural' ? text(resource.title) : null,
      surnameKey: keys.surnameKey,
      nameKey: keys.nameKey,
      birthYear: birth ? Number(birth.slice(0, 4)) : null,
      birthMonth: birth ? Number(birth.slice(5, 7)) : null,
      nationality: self.kind === 'natural' ? text(resource.nationality) : null,
      companyNumber: self.kind === 'corporate' ? text(resource.company_number) : null,
      countryOfRegistration: self.kind === 'corporate' ? text(resource.country_of_registration) : null,
      permissionsToAct: JSON.stringify(resource.permissions_to_act ?? []),
      etag: text(resource.etag),
      source: origin,
      updatedAt: now,
    },
    disqualifications: resource.disqualifications.map((item, position) => {
      if (item.disqualified_until < item.disqualified_from)
        refuse(
          source,
          `disqualifications[${position}].disqualified_until`,
          `${item.disqualified_until} is before disqualified_from ${item.disqualified_from}`,
          officerId,
        );
      return {
        officerId,
        position,
        disqualificationType: item.disqualification_type,
        disqualifiedFrom: item.disqualified_from,
        disqualifiedUntil: item.disqualified_until,
        undertakenOn: item.undertaken_on ?? null,
        heardOn: item.heard_on ?? null,
        caseIdentifier: text(item.case_identifier),
        courtName: text(item.court_name),
        act: text(item.reason?.act),
        section: text(item.reason?.section),
        article: text(item.reason?.article),
        descriptionIdentifier: text(item.reason?.description_identifier),
        companyNames: JSON.stringify(item.company_names ?? []),
      };
    }),
  };
}
