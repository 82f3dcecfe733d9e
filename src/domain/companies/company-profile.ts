import { z } from 'zod';
import { companyNumberSchema } from './company-number';

/*
 * A company as the register knows it: Companies House's company profile resource, with its field names and enum
 * codes, flattened to what a table can hold. Differences from the API resource, on purpose:
 * - dates are ISO `YYYY-MM-DD` strings and every field the bulk CSV can leave empty is nullable, not optional;
 * - `sic_codes` holds codes only, as the API does; descriptions are one lookup per code (the CSV repeats them on
 *   every row), collected by the importer into a separate code → description table;
 * - `accounting_reference_date` day and month are integers (the API sends strings);
 * - `charge_counts` keeps the CSV's mortgage counts, from which `has_charges` is derived;
 * - `annual_return` keeps the pre-2016 annual return dates the CSV still carries;
 * - no links, etag or can_file: the service builds its own links.
 */

const isoDate = z.iso.date();

export const companyStatusSchema = z.enum([
  'active',
  'dissolved',
  'liquidation',
  'receivership',
  'administration',
  'voluntary-arrangement',
  'converted-closed',
  'insolvency-proceedings',
  'registered',
  'removed',
  'closed',
  'open',
]);

export const companyStatusDetailSchema = z.enum([
  'transferred-from-uk',
  'active-proposal-to-strike-off',
  'petition-to-restore-dissolved',
  'transformed-to-se',
  'converted-to-plc',
  'converted-to-uk-societas',
  'converted-to-ukeig',
]);

export const companyTypeSchema = z.enum([
  'private-unlimited',
  'ltd',
  'plc',
  'old-public-company',
  'private-limited-guarant-nsc-limited-exemption',
  'limited-partnership',
  'private-limited-guarant-nsc',
  'converted-or-closed',
  'private-unlimited-nsc',
  'private-limited-shares-section-30-exemption',
  'protected-cell-company',
  'assurance-company',
  'oversea-company',
  'eeig-establishment',
  'icvc-securities',
  'icvc-warrant',
  'icvc-umbrella',
  'registered-society-non-jurisdictional',
  'industrial-and-provident-society',
  'northern-ireland',
  'northern-ireland-other',
  'llp',
  'royal-charter',
  'investment-company-with-variable-capital',
  'unregistered-company',
  'other',
  'european-public-limited-liability-company-se',
  'united-kingdom-societas',
  'uk-establishment',
  'scottish-partnership',
  'charitable-incorporated-organisation',
  'scottish-charitable-incorporated-organisation',
  'further-education-or-sixth-form-college-corporation',
  'eeig',
  'ukeig',
  'registered-overseas-entity',
]);

export const companySubtypeSchema = z.enum([
  'community-interest-company',
  'private-fund-limited-partnership',
]);

export const jurisdictionSchema = z.enum([
  'england-wales',
  'wales',
  'england',
  'scotland',
  'northern-ireland',
  'united-kingdom',
  'european-union',
  'noneu',
]);

export const accountsTypeSchema = z.enum([
  'full',
  'small',
  'medium',
  'group',
  'dormant',
  'interim',
  'initial',
  'total-exemption-full',
  'total-exemption-small',
  'partial-exemption',
  'audit-exemption-subsidiary',
  'filing-exemption-subsidiary',
  'micro-entity',
  'no-accounts-type-available',
  'audited-abridged',
  'unaudited-abridged',
]);

/** SIC 2007 codes are 5 digits; companies that never updated still carry 4-digit SIC 2003 codes. */
export const sicCodeSchema = z.string().regex(/^\d{4,5}$/);

export const registeredOfficeAddressSchema = z.object({
  care_of: z.string().nullable(),
  po_box: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
});

const count = z.number().int().nonnegative();

export const companyProfileSchema = z.object({
  company_number: companyNumberSchema,
  company_name: z.string().min(1),
  company_status: companyStatusSchema,
  company_status_detail: companyStatusDetailSchema.nullable(),
  type: companyTypeSchema,
  subtype: companySubtypeSchema.nullable(),
  /** Null for overseas companies, whose number says nothing about a UK register. */
  jurisdiction: jurisdictionSchema.nullable(),
  date_of_creation: isoDate.nullable(),
  date_of_cessation: isoDate.nullable(),
  registered_office_address: registeredOfficeAddressSchema,
  sic_codes: z.array(sicCodeSchema),
  accounts: z.object({
    accounting_reference_date: z
      .object({ day: z.number().int().min(1).max(31), month: z.number().int().min(1).max(12) })
      .nullable(),
    /** `type` null when no accounts were filed (the API's "null" type). */
    last_accounts: z.object({ made_up_to: isoDate.nullable(), type: accountsTypeSchema.nullable() }),
    /** Derived: the next accounting reference date after the last accounts (or after the first six months). */
    next_made_up_to: isoDate.nullable(),
    next_due: isoDate.nullable(),
    overdue: z.boolean(),
  }),
  confirmation_statement: z.object({
    last_made_up_to: isoDate.nullable(),
    /** Derived: a statement is due 14 days after the date it is made up to. */
    next_made_up_to: isoDate.nullable(),
    next_due: isoDate.nullable(),
    overdue: z.boolean(),
  }),
  annual_return: z.object({ last_made_up_to: isoDate.nullable(), next_due: isoDate.nullable() }),
  /** Newest first, as the API lists them. */
  previous_company_names: z.array(
    z.object({ name: z.string().min(1), effective_from: isoDate.nullable(), ceased_on: isoDate.nullable() }),
  ),
  has_charges: z.boolean(),
  charge_counts: z.object({ total: count, outstanding: count, part_satisfied: count, satisfied: count }),
  /** True once the status was an insolvency status or insolvency cases were imported; never cleared again. */
  has_insolvency_history: z.boolean(),
  country_of_origin: z.string().nullable(),
  uri: z.string().nullable(),
});

export type CompanyStatus = z.infer<typeof companyStatusSchema>;
export type CompanyStatusDetail = z.infer<typeof companyStatusDetailSchema>;
export type CompanyType = z.infer<typeof companyTypeSchema>;
export type CompanySubtype = z.infer<typeof companySubtypeSchema>;
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;
export type AccountsType = z.infer<typeof accountsTypeSchema>;
export type RegisteredOfficeAddress = z.infer<typeof registeredOfficeAddressSchema>;
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

const INSOLVENCY_STATUSES: ReadonlySet<CompanyStatus> = new Set<CompanyStatus>([
  'liquidation',
  'receivership',
  'administration',
  'voluntary-arrangement',
  'insolvency-proceedings',
]);

export function isInsolvencyStatus(status: CompanyStatus): boolean {
  return INSOLVENCY_STATUSES.has(status);
}

/** A company that no longer exists owes no filings, whatever dates it left behind. */
const CLOSED_STATUSES: ReadonlySet<CompanyStatus> = new Set<CompanyStatus>([
  'dissolved',
  'converted-closed',
  'removed',
  'closed',
]);

/** The statuses that owe no filings, for SQL that must agree with isFilingOverdue. */
export const STATUSES_OWING_NO_FILINGS: readonly CompanyStatus[] = [...CLOSED_STATUSES];

/** The calendar day of `asOf` in UTC, as `YYYY-MM-DD`: the register's dates have no time zone. */
export function isoDay(asOf: Date): string {
  if (Number.isNaN(asOf.getTime())) throw new RangeError('asOf is not a valid date');
  return asOf.toISOString().slice(0, 10);
}

/** Overdue from the day after the due date: filing on the due date itself is on time. */
export function isFilingOverdue(nextDue: string | null, status: CompanyStatus, asOfDay: string): boolean {
  return nextDue !== null && nextDue < asOfDay && !CLOSED_STATUSES.has(status);
}

/**
 * Overdue flags against a given day, never the wall clock: the same file imported twice gives the same answer,
 * and the change check can recompute them as days pass.
 */
export function computeOverdue(
  profile: Pick<CompanyProfile, 'company_status' | 'accounts' | 'confirmation_statement'>,
  asOf: Date,
): { accounts: boolean; confirmation_statement: boolean } {
  const day = isoDay(asOf);
  return {
    accounts: isFilingOverdue(profile.accounts.next_due, profile.company_status, day),
    confirmation_statement: isFilingOverdue(
      profile.confirmation_statement.next_due,
      profile.company_status,
      day,
    ),
  };
}
