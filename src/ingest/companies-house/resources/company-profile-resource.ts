import { z } from 'zod';
import { registerOfCompanyNumber } from '../../../domain/companies/company-number';
import {
  accountsTypeSchema,
  companyStatusDetailSchema,
  companyStatusSchema,
  companySubtypeSchema,
  companyTypeSchema,
  isFilingOverdue,
  isInsolvencyStatus,
  isoDay,
  jurisdictionSchema,
  sicCodeSchema,
  type CompanyProfile,
} from '../../../domain/companies/company-profile';
import { addDays } from '../../../domain/companies/register-dates';

/*
 * Companies House's company profile resource (GET /company/{company_number}, `companyProfile`; also the `data`
 * of a company-profile stream event) and its mapping to the register's CompanyProfile, the shape the bulk CSV is
 * mapped to. The API leaves out what a company does not have (no accounts yet, no address lines, no SIC codes),
 * so nearly everything is optional here and becomes the null or empty value the CSV path gives it. Unknown
 * fields are tolerated: Companies House adds some without notice.
 */

const isoDate = z.iso.date();
const text = z.string().nullish();

/** The API sends the accounting reference day and month as strings ("30", "03"); its spec says integers. */
const calendarNumber = (max: number) =>
  z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^\d{1,2}$/, 'a day or month number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(max));

export const companyProfileResourceSchema = z.looseObject({
  company_number: z.string(),
  company_name: z.string().trim().min(1),
  company_status: companyStatusSchema,
  company_status_detail: companyStatusDetailSchema.nullish(),
  type: companyTypeSchema,
  subtype: companySubtypeSchema.nullish(),
  jurisdiction: jurisdictionSchema.nullish(),
  date_of_creation: isoDate.nullish(),
  date_of_cessation: isoDate.nullish(),
  registered_office_address: z
    .looseObject({
      care_of: text,
      po_box: text,
      premises: text,
      address_line_1: text,
      address_line_2: text,
      locality: text,
      region: text,
      country: text,
      postal_code: text,
    })
    .nullish(),
  sic_codes: z.array(sicCodeSchema).nullish(),
  accounts: z
    .looseObject({
      accounting_reference_date: z
        .looseObject({ day: calendarNumber(31), month: calendarNumber(12) })
        .nullish(),
      last_accounts: z
        .looseObject({
          made_up_to: isoDate.nullish(),
          period_end_on: isoDate.nullish(),
          // "null" is the API's own word for "no accounts filed".
          type: z.union([accountsTypeSchema, z.literal('null')]).nullish(),
        })
        .nullish(),
      next_accounts: z.looseObject({ due_on: isoDate.nullish(), period_end_on: isoDate.nullish() }).nullish(),
      next_due: isoDate.nullish(),
      next_made_up_to: isoDate.nullish(),
    })
    .nullish(),
  confirmation_statement: z
    .looseObject({
      last_made_up_to: isoDate.nullish(),
      next_made_up_to: isoDate.nullish(),
      next_due: isoDate.nullish(),
    })
    .nullish(),
  annual_return: z.looseObject({ last_made_up_to: isoDate.nullish(), next_due: isoDate.nullish() }).nullish(),
  previous_company_names: z
    .array(
      z.looseObject({
        name: z.string().trim().min(1),
        effective_from: isoDate.nullish(),
        ceased_on: isoDate.nullish(),
      }),
    )
    .nullish(),
  has_charges: z.boolean().nullish(),
  has_insolvency_history: z.boolean().nullish(),
  foreign_company_details: z
    .looseObject({ originating_registry: z.looseObject({ country: text }).nullish() })
    .nullish(),
  links: z.looseObject({ charges: text }).nullish(),
});

export type CompanyProfileResource = z.infer<typeof companyProfileResourceSchema>;

/** Trimmed, upper case, empty as null: the bulk file's form (see registeredOffice). */
function upper(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.toUpperCase() : null;
}

/** A premises that is a street number ("27", "71-75", "4A"), which the bulk file runs into the street. */
const NUMBERED_PREMISES = /^\d+[A-Z]?(?:-\d+[A-Z]?)?$/;

/**
 * The registered office as the bulk file writes it, so that a company imported from the file and later read
 * from the API (or the stream) compares equal when nothing moved: upper case, and the API's `premises` joined to
 * the first line, which the file has no column for ("27 OLD STREET", "FLAT 4, 27 OLD STREET"). Otherwise the
 * first API read of every company would announce an address change that is only a change of spelling.
 */
function registeredOffice(
  address: CompanyProfileResource['registered_office_address'],
): CompanyProfile['registered_office_address'] {
  const premises = upper(address?.premises);
  const line1 = upper(address?.address_line_1);
  let firstLine = line1 ?? premises;
  if (premises && line1) firstLine = `${premises}${NUMBERED_PREMISES.test(premises) ? ' ' : ', '}${line1}`;
  return {
    care_of: upper(address?.care_of),
    po_box: upper(address?.po_box),
    address_line_1: firstLine,
    address_line_2: upper(address?.address_line_2),
    locality: upper(address?.locality),
    region: upper(address?.region),
    country: upper(address?.country),
    postal_code: upper(address?.postal_code),
  };
}

const UK_JURISDICTIONS: ReadonlySet<string> = new Set([
  'england-wales',
  'wales',
  'england',
  'scotland',
  'northern-ireland',
  'united-kingdom',
]);

/**
 * The register's CompanyProfile for a profile resource, with `companyNumber` (canonical, checked by the caller)
 * and the overdue flags computed for `asOf`, as the CSV path computes them. Charge counts are zero: the resource
 * has none (the importer keeps the stored ones for a company the store holds).
 */
export function profileFromResource(
  resource: CompanyProfileResource,
  companyNumber: string,
  asOf: Date,
): CompanyProfile {
  const status = resource.company_status;
  const accounts = resource.accounts;
  const lastAccounts = accounts?.last_accounts;
  const accountsType = lastAccounts?.type === 'null' ? null : (lastAccounts?.type ?? null);
  const accountsNextDue = accounts?.next_accounts?.due_on ?? accounts?.next_due ?? null;
  const statement = resource.confirmation_statement;
  const statementNextDue = statement?.next_due ?? null;
  const jurisdiction = resource.jurisdiction ?? registerOfCompanyNumber(companyNumber);
  const asOfDay = isoDay(asOf);
  return {
    company_number: companyNumber,
    company_name: resource.company_name,
    company_status: status,
    company_status_detail: resource.company_status_detail ?? null,
    type: resource.type,
    subtype: resource.subtype ?? null,
    jurisdiction,
    date_of_creation: resource.date_of_creation ?? null,
    date_of_cessation: resource.date_of_cessation ?? null,
    registered_office_address: registeredOffice(resource.registered_office_address),
    sic_codes: [...new Set(resource.sic_codes ?? [])],
    accounts: {
      accounting_reference_date: accounts?.accounting_reference_date
        ? { day: accounts.accounting_reference_date.day, month: accounts.accounting_reference_date.month }
        : null,
      last_accounts: {
        made_up_to: lastAccounts?.made_up_to ?? lastAccounts?.period_end_on ?? null,
        type: accountsType,
      },
      next_made_up_to: accounts?.next_accounts?.period_end_on ?? accounts?.next_made_up_to ?? null,
      next_due: accountsNextDue,
      overdue: isFilingOverdue(accountsNextDue, status, asOfDay),
    },
    confirmation_statement: {
      last_made_up_to: statement?.last_made_up_to ?? null,
      // As the CSV path derives it when absent: a statement is due 14 days after the date it is made up to.
      next_made_up_to:
        statement?.next_made_up_to ?? (statementNextDue === null ? null : addDays(statementNextDue, -14)),
      next_due: statementNextDue,
      overdue: isFilingOverdue(statementNextDue, status, asOfDay),
    },
    annual_return: {
      last_made_up_to: resource.annual_return?.last_made_up_to ?? null,
      next_due: resource.annual_return?.next_due ?? null,
    },
    previous_company_names: (resource.previous_company_names ?? []).map((name) => ({
      name: name.name,
      effective_from: name.effective_from ?? null,
      ceased_on: name.ceased_on ?? null,
    })),
    // has_charges is deprecated in favour of links.charges, which the API gives only to companies with charges.
    has_charges: resource.has_charges ?? Boolean(resource.links?.charges),
    charge_counts: { total: 0, outstanding: 0, part_satisfied: 0, satisfied: 0 },
    has_insolvency_history: Boolean(resource.has_insolvency_history) || isInsolvencyStatus(status),
    // The bulk file's CountryOfOrigin: the originating registry's country for an overseas company.
    country_of_origin:
      resource.foreign_company_details?.originating_registry?.country?.trim() ||
      (jurisdiction !== null && UK_JURISDICTIONS.has(jurisdiction) ? 'United Kingdom' : null),
    // The bulk file's URI column (business.data.gov.uk) has no API counterpart: kept as stored, null when new.
    uri: null,
  };
}
