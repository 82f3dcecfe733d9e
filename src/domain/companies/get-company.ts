import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { readRows } from '../../db/read-query';
import { chargeSummarySchema } from '../charges/charge-record';
import { readCharges } from '../charges/read-charges';
import { ServiceError } from '../errors';
import { insolvencyCaseSummarySchema } from '../insolvency/insolvency-record';
import { readInsolvencyCases } from '../insolvency/read-insolvency-cases';
import { itl1Region } from '../places/itl1-regions';
import { registeredOfficePlaceSchema, type RegisteredOfficePlace } from '../places/registered-office-place';
import { normaliseCompanyNumber } from './company-number';
import { companyProfileSchema, type CompanyProfile } from './company-profile';
import type { CompanyProvenance } from './company-provenance';
import { COMPANY_COLUMNS, companyFromRow, companyToProfile, type CompanyRow } from './company-record';

/**
 * A company's profile, or undefined when the register has no such number. The number is taken as people type it
 * (case, spaces, lost leading zeros); a malformed one is an `invalid_company_number` error, not "not found".
 * Overdue flags are computed for `asOf` (default now): they change with the day, so they are not stored.
 */
export async function getCompany(
  em: EntityManager,
  companyNumber: string,
  asOf: Date = new Date(),
): Promise<CompanyProfile | undefined> {
  const number = normaliseCompanyNumber(companyNumber);
  if (!number.ok) throw new ServiceError(number.code, number.message, { argument: 'company_number' });
  const [row] = await readRows<CompanyRow>(
    em,
    `select ${COMPANY_COLUMNS.join(', ')} from companies where company_number = ?`,
    [number.companyNumber],
    { pointRead: true },
  );
  return row === undefined ? undefined : companyToProfile(companyFromRow(row), asOf);
}

/**
 * The profile with the charges and insolvency cases held beside the register, and the registered office's region
 * and local authority from the postcode lookup. Only get_company answers with it:
 * the profile alone stays the register row shape that the writers and the simulator share.
 */
export const companyWithDetailsSchema = companyProfileSchema.extend({
  charges: z
    .array(chargeSummarySchema)
    .nullable()
    .describe(
      'Charges (mortgages) registered against the company, newest first; empty when it has none; null when ' +
        'its charges are not held (it came from a source carrying the profile alone and was not fetched live)',
    ),
  insolvency_cases: z
    .array(insolvencyCaseSummarySchema)
    .nullable()
    .describe(
      'Insolvency cases with their dates and practitioners; empty when it has none; null when its insolvency ' +
        'is not held',
    ),
  registered_office_place: registeredOfficePlaceSchema.nullable(),
});
export type CompanyWithDetails = z.infer<typeof companyWithDetailsSchema>;

export async function getCompanyWithDetails(
  em: EntityManager,
  companyNumber: string,
  asOf: Date = new Date(),
): Promise<CompanyWithDetails | undefined> {
  const answer = await getCompanyAnswer(em, companyNumber, asOf);
  if (answer === undefined) return undefined;
  const { source: _source, fetched_at: _fetchedAt, ...details } = answer;
  return details;
}

/**
 * What get_company answers: the profile with its details and where the copy came from. One statement reads the
 * company, its registered office's place, its last live fetch and whether any charges or insolvency cases are
 * held; those two are read only when there are some (most companies have none). Plain rows through the read seam,
 * no entities: this runs on every get_company call. `em` only finds the read seam (the ORM's root will do);
 * `entities` gives the unit of work for the entity reads of charges and insolvency, asked for only when the
 * company has some, so a call about a company without them forks none (operations/call-context.ts).
 */
export async function getCompanyAnswer(
  em: EntityManager,
  companyNumber: string,
  asOf: Date = new Date(),
  entities: () => EntityManager = () => em,
): Promise<(CompanyWithDetails & CompanyProvenance) | undefined> {
  const number = normaliseCompanyNumber(companyNumber);
  if (!number.ok) throw new ServiceError(number.code, number.message, { argument: 'company_number' });
  const [row] = await readRows<CompanyAnswerRow>(em, COMPANY_ANSWER_SQL, [number.companyNumber], {
    pointRead: true,
  });
  if (row === undefined) return undefined;
  const profile = companyToProfile(companyFromRow(row), asOf);
  // Added to the profile, which is this call's own, rather than spread into a new literal: on Node 20 a hot
  // `{ ...object, more }` makes a new hidden class for each property after the spread, on every call
  // (docs/performance.md, "Hidden classes made per request").
  return Object.assign(profile, {
    charges: !held(row.charges_held)
      ? null
      : held(row.any_charges)
        ? await readCharges(entities(), profile.company_number)
        : [],
    insolvency_cases: !held(row.insolvency_held)
      ? null
      : held(row.any_insolvency)
        ? await readInsolvencyCases(entities(), profile.company_number)
        : [],
    registered_office_place: placeOfRow(row),
    source: row.fetch_source ?? 'register_import',
    fetched_at: row.fetch_fetched_at === null ? null : new Date(row.fetch_fetched_at).toISOString(),
  });
}

/** SQLite's 1, PostgreSQL's true (or '1' through some drivers): the company has some. */
function held(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/**
 * Whether the resource was imported whole (domain/companies/company-details-held.ts): a primary-key lookup. TRUE is
 * a keyword in SQLite (1) and PostgreSQL both.
 */
function heldSql(resource: 'charges' | 'insolvency'): string {
  return (
    'exists (select 1 from company_resource_imports r where r.company_number = c.company_number ' +
    `and r.resource = '${resource}' and r.complete = TRUE) as ${resource}_held`
  );
}

// The place joins on the stored compact postcode, which the writers derive from postal_code the way
// placeOfPostcode compacts it (postcodeKeys); a postcode longer than a lookup key simply matches no row.
// The company's columns are named rather than `c.*`, so that the row keeps its shape while another process adds a
// column (inline reads build rows by position: db/read-pool/row-builder.ts).
const COMPANY_ANSWER_SQL =
  `select ${COMPANY_COLUMNS.map((column) => `c.${column}`).join(', ')}, ` +
  'f.source as fetch_source, f.fetched_at as fetch_fetched_at, p.postcode as place_postcode, ' +
  'p.region_code as place_region_code, p.local_authority_code as place_local_authority_code, ' +
  'p.local_authority_name as place_local_authority_name, ' +
  'exists (select 1 from charges h where h.company_number = c.company_number) as any_charges, ' +
  'exists (select 1 from insolvency_cases i where i.company_number = c.company_number) as any_insolvency, ' +
  heldSql('charges') +
  ', ' +
  heldSql('insolvency') +
  ' ' +
  'from companies c left join company_fetches f on f.company_number = c.company_number ' +
  'left join postcode_places p on p.postcode_compact = c.postcode_compact where c.company_number = ?';

type CompanyAnswerRow = CompanyRow & {
  fetch_source: CompanyProvenance['source'] | null;
  /** Epoch milliseconds on SQLite, a Date on PostgreSQL. */
  fetch_fetched_at: number | string | Date | null;
  place_postcode: string | null;
  place_region_code: string | null;
  place_local_authority_code: string | null;
  place_local_authority_name: string | null;
  any_charges: unknown;
  any_insolvency: unknown;
  charges_held: unknown;
  insolvency_held: unknown;
};

/** The registered office's place as placeOfPostcode gives it, from the joined lookup row. */
function placeOfRow(row: CompanyAnswerRow): RegisteredOfficePlace | null {
  if (row.place_postcode === null) return null;
  const region = row.place_region_code === null ? undefined : itl1Region(row.place_region_code);
  return {
    postcode: row.place_postcode,
    region: region === undefined ? null : { code: region.code, name: region.name },
    local_authority:
      row.place_local_authority_code === null
        ? null
        : { code: row.place_local_authority_code, name: row.place_local_authority_name },
  };
}
