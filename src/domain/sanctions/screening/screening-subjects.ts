import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity, type Company } from '../../../db/entities/company';
import { OfficerAppointmentEntity, type OfficerAppointment } from '../../../db/entities/officer-appointment';
import {
  PersonWithSignificantControlEntity,
  type PersonWithSignificantControl,
} from '../../../db/entities/person-with-significant-control';
import { notFound } from '../../errors';
import { PSC_STATEMENT_KIND, pscCategoryOf, type PscCategory } from '../../pscs/psc-kinds';
import { registeredEntityIdentifiers } from '../identifiers/registered-entity-identifiers';
import type { ScreenedSubject } from '../matching/screened-subject';

/*
 * Who is screened for a company: the company under its name and every previous name (entities), each officer
 * (people, or entities for corporate officers) and each person with significant control (people, or entities
 * for corporate and legal-person PSCs), each with the role that brought them in. What cannot be screened (a
 * super-secure PSC, whose name is withheld; a PSC statement, which names nobody) is listed with the reason, so an
 * empty result always says what was and was not looked at. Entities carry their registry numbers: the company its
 * own number (its previous names are the same company, so the number is checked once), a corporate officer or
 * legal-entity PSC the registration its identification gives.
 */

/** owner: a person or entity reached above the company's own PSCs by tracing its ownership (a KYB check's). */
export const subjectRoles = ['company', 'previous_name', 'officer', 'psc', 'owner'] as const;
export type SubjectRole = (typeof subjectRoles)[number];

export interface ScreeningSubject extends ScreenedSubject {
  /** Stable within one result: s1, s2, … in the order screened. */
  id: string;
  role: SubjectRole;
  /** What the register says of the role: officer role and dates, PSC kind and dates, a previous name's dates. */
  detail: Record<string, string | null>;
}

/** A subject the caller adds to a company's own: an owner up the chain, with the path in `detail.path`. */
export type ExtraSubject = Omit<ScreeningSubject, 'id'>;

export interface UnscreenedEntry {
  role: 'officer' | 'psc';
  reason: string;
  detail: Record<string, string | null>;
}

export interface CompanySubjects {
  companyName: string;
  subjects: ScreeningSubject[];
  unscreened: UnscreenedEntry[];
}

const PERSON_PSCS: ReadonlySet<PscCategory> = new Set(['individual', 'individual_beneficial_owner']);
const ENTITY_PSCS: ReadonlySet<PscCategory> = new Set([
  'corporate_entity',
  'legal_entity',
  'corporate_entity_beneficial_owner',
  'legal_entity_beneficial_owner',
]);

function parsedObject(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** An appointment's `details` keep the officer item's identification as Companies House gave it. */
function identificationOf(details: string): Record<string, unknown> | null {
  const identification = parsedObject(details)?.identification;
  return typeof identification === 'object' && identification !== null
    ? (identification as Record<string, unknown>)
    : null;
}

function birthOf(year: number | null, month: number | null): ScreenedSubject['birth'] {
  return year === null ? null : { year, month };
}

/** The names to screen for one company; `includeFormer` adds resigned officers and ceased PSCs. */
export async function companySubjects(
  em: EntityManager,
  companyNumber: string,
  includeFormer: boolean,
  extra: readonly ExtraSubject[] = [],
): Promise<CompanySubjects> {
  const company = await em.findOne(CompanyEntity, { companyNumber });
  if (company === null) throw notFound('Company', { company_number: companyNumber });
  const [officers, pscs] = await Promise.all([
    em.find(OfficerAppointmentEntity, { companyNumber }, { orderBy: { appointmentId: 'asc' } }),
    em.find(PersonWithSignificantControlEntity, { companyNumber }, { orderBy: { pscId: 'asc' } }),
  ]);
  const own = subjectsOf(company, officers, pscs, includeFormer);
  const subjects = [...own.subjects];
  for (const subject of extra) subjects.push({ ...subject, id: `s${subjects.length + 1}` });
  return { ...own, subjects };
}

/**
 * The names to screen for a company from its rows as read (officers by appointment id, PSCs by PSC id): what
 * companySubjects reads one company at a time, and ongoing screening a batch of companies at a time.
 */
export function subjectsOf(
  company: Company,
  officers: readonly OfficerAppointment[],
  pscs: readonly PersonWithSignificantControl[],
  includeFormer: boolean,
): CompanySubjects {
  const subjects: ScreeningSubject[] = [];
  const unscreened: UnscreenedEntry[] = [];
  const add = (subject: Omit<ScreeningSubject, 'id'>) =>
    subjects.push({ ...subject, id: `s${subjects.length + 1}` });
  const asEntity = { birth: null, nationality: null, countryOfResidence: null } as const;

  add({
    kind: 'entity',
    role: 'company',
    name: company.companyName,
    detail: {},
    ...asEntity,
    identifiers: [{ scheme: 'gb-coh', value: company.companyNumber, as_written: company.companyNumber }],
  });
  const previous = JSON.parse(company.previousCompanyNames) as {
    name: string;
    effective_from: string | null;
    ceased_on: string | null;
  }[];
  for (const name of previous)
    add({
      kind: 'entity',
      role: 'previous_name',
      name: name.name,
      detail: { effective_from: name.effective_from ?? null, ceased_on: name.ceased_on ?? null },
      ...asEntity,
    });

  for (const officer of officers) {
    if (officer.resignedOn !== null && !includeFormer) continue;
    const corporate = officer.officerRole.startsWith('corporate-');
    add({
      kind: corporate ? 'entity' : 'person',
      role: 'officer',
      name: officer.name,
      birth: corporate ? null : birthOf(officer.birthYear, officer.birthMonth),
      nationality: corporate ? null : officer.nationality,
      countryOfResidence: corporate ? null : officer.countryOfResidence,
      ...(corporate ? { identifiers: registeredEntityIdentifiers(identificationOf(officer.details)) } : {}),
      detail: {
        officer_id: officer.officerId,
        officer_role: officer.officerRole,
        appointed_on: officer.appointedOn,
        resigned_on: officer.resignedOn,
      },
    });
  }

  for (const psc of pscs) {
    if (psc.kind === PSC_STATEMENT_KIND) continue;
    if (psc.ceasedOn !== null && !includeFormer) continue;
    const category = pscCategoryOf(psc.kind);
    const detail = {
      psc_id: psc.pscId,
      kind: psc.kind,
      notified_on: psc.notifiedOn,
      ceased_on: psc.ceasedOn,
    };
    const person = PERSON_PSCS.has(category);
    if (psc.name === null || (!person && !ENTITY_PSCS.has(category))) {
      unscreened.push({
        role: 'psc',
        reason:
          psc.name === null
            ? 'The register withholds this person’s name (super-secure or unnamed), so it cannot be screened'
            : `A PSC of kind ${psc.kind} is neither a person nor an entity the list can be compared with`,
        detail,
      });
      continue;
    }
    add({
      kind: person ? 'person' : 'entity',
      role: 'psc',
      name: psc.name,
      birth: person ? birthOf(psc.birthYear, psc.birthMonth) : null,
      nationality: person ? psc.nationality : null,
      countryOfResidence: person ? psc.countryOfResidence : null,
      ...(person ? {} : { identifiers: registeredEntityIdentifiers(parsedObject(psc.identification)) }),
      detail,
    });
  }
  return { companyName: company.companyName, subjects, unscreened };
}
