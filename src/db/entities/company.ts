import { EntitySchema } from '@mikro-orm/core';

/**
 * One company on the register: Companies House's company profile flattened into columns (see
 * domain/companies/company-record.ts for the mapping both ways). Dates are `YYYY-MM-DD` text, not SQL dates: the
 * register's dates have no time zone, and text compares, sorts and round-trips the same on SQLite and PostgreSQL
 * (the pg driver would turn a DATE into a local-midnight Date). Lists (SIC codes, previous names) are JSON text;
 * SIC codes are also kept one per row in company_sic_codes so a search by SIC code uses an index.
 *
 * No overdue flags: whether a filing is overdue depends on the day it is asked, so it is computed when a profile
 * is read, from the due dates stored here.
 *
 * Officers, PSCs, filings, charges, insolvency cases and accounts figures are tables of their own keyed by
 * company_number (migration 0007); the charge counts and the insolvency flag here are kept in step with them.
 */
export interface Company {
  companyNumber: string;
  companyName: string;
  /** normaliseCompanyName(companyName): what name search compares. */
  normalisedName: string;
  companyStatus: string;
  companyStatusDetail: string | null;
  type: string;
  subtype: string | null;
  jurisdiction: string | null;
  dateOfCreation: string | null;
  dateOfCessation: string | null;
  careOf: string | null;
  poBox: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  locality: string | null;
  region: string | null;
  country: string | null;
  postalCode: string | null;
  /** Upper case, trimmed locality: the town filter's index. */
  localityKey: string | null;
  /** Postcode without spaces, upper case, and its outward code: the postcode filter's index. */
  postcodeCompact: string | null;
  postcodeOutward: string | null;
  /** addressLineKey(address_line_1): with the postcode, the office shared-address counts group by. */
  officeLineKey: string | null;
  /** JSON array of SIC codes, in the order filed. */
  sicCodes: string;
  accountingReferenceDay: number | null;
  accountingReferenceMonth: number | null;
  lastAccountsMadeUpTo: string | null;
  lastAccountsType: string | null;
  nextAccountsMadeUpTo: string | null;
  nextAccountsDue: string | null;
  confirmationStatementLastMadeUpTo: string | null;
  confirmationStatementNextMadeUpTo: string | null;
  confirmationStatementNextDue: string | null;
  annualReturnLastMadeUpTo: string | null;
  annualReturnNextDue: string | null;
  /** JSON array of { name, effective_from, ceased_on }, newest first. */
  previousCompanyNames: string;
  hasCharges: boolean;
  chargesTotal: number;
  chargesOutstanding: number;
  chargesPartSatisfied: number;
  chargesSatisfied: number;
  hasInsolvencyHistory: boolean;
  countryOfOrigin: string | null;
  uri: string | null;
  updatedAt: Date;
}

const text = (fieldName: string) => ({ type: 'string', fieldName, nullable: true }) as const;
const count = (fieldName: string) => ({ type: 'integer', fieldName }) as const;

export const CompanyEntity = new EntitySchema<Company>({
  name: 'Company',
  tableName: 'companies',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    companyName: { type: 'string', fieldName: 'company_name' },
    normalisedName: { type: 'string', fieldName: 'normalised_name' },
    companyStatus: { type: 'string', fieldName: 'company_status' },
    companyStatusDetail: text('company_status_detail'),
    type: { type: 'string' },
    subtype: text('subtype'),
    jurisdiction: text('jurisdiction'),
    dateOfCreation: text('date_of_creation'),
    dateOfCessation: text('date_of_cessation'),
    careOf: text('care_of'),
    poBox: text('po_box'),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    locality: text('locality'),
    region: text('region'),
    country: text('country'),
    postalCode: text('postal_code'),
    localityKey: text('locality_key'),
    postcodeCompact: text('postcode_compact'),
    postcodeOutward: text('postcode_outward'),
    officeLineKey: text('office_line_key'),
    sicCodes: { type: 'text', fieldName: 'sic_codes' },
    accountingReferenceDay: { type: 'integer', fieldName: 'accounting_reference_day', nullable: true },
    accountingReferenceMonth: { type: 'integer', fieldName: 'accounting_reference_month', nullable: true },
    lastAccountsMadeUpTo: text('last_accounts_made_up_to'),
    lastAccountsType: text('last_accounts_type'),
    nextAccountsMadeUpTo: text('next_accounts_made_up_to'),
    nextAccountsDue: text('next_accounts_due'),
    confirmationStatementLastMadeUpTo: text('confirmation_statement_last_made_up_to'),
    confirmationStatementNextMadeUpTo: text('confirmation_statement_next_made_up_to'),
    confirmationStatementNextDue: text('confirmation_statement_next_due'),
    annualReturnLastMadeUpTo: text('annual_return_last_made_up_to'),
    annualReturnNextDue: text('annual_return_next_due'),
    previousCompanyNames: { type: 'text', fieldName: 'previous_company_names' },
    hasCharges: { type: 'boolean', fieldName: 'has_charges' },
    chargesTotal: count('charges_total'),
    chargesOutstanding: count('charges_outstanding'),
    chargesPartSatisfied: count('charges_part_satisfied'),
    chargesSatisfied: count('charges_satisfied'),
    hasInsolvencyHistory: { type: 'boolean', fieldName: 'has_insolvency_history' },
    countryOfOrigin: text('country_of_origin'),
    uri: text('uri'),
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});
