import type { Company } from '../../db/entities/company';
import { normaliseCompanyName } from './company-name';
import {
  computeOverdue,
  type AccountsType,
  type CompanyProfile,
  type CompanyStatus,
  type CompanyStatusDetail,
  type CompanySubtype,
  type CompanyType,
  type Jurisdiction,
} from './company-profile';
import { officeLineKey } from './office-address-key';
import { postcodeKeys } from './postcode';

/*
 * The company profile ↔ the companies table. The importer writes rows as plain value arrays in COMPANY_COLUMNS
 * order (no entity objects: a million of them would cost more than the parsing); reads take the Company shape,
 * from the entity or, on the hot read path, from a plain row (companyFromRow).
 */

export const COMPANY_COLUMNS = [
  'company_number',
  'company_name',
  'normalised_name',
  'company_status',
  'company_status_detail',
  'type',
  'subtype',
  'jurisdiction',
  'date_of_creation',
  'date_of_cessation',
  'care_of',
  'po_box',
  'address_line_1',
  'address_line_2',
  'locality',
  'region',
  'country',
  'postal_code',
  'locality_key',
  'postcode_compact',
  'postcode_outward',
  'office_line_key',
  'sic_codes',
  'accounting_reference_day',
  'accounting_reference_month',
  'last_accounts_made_up_to',
  'last_accounts_type',
  'next_accounts_made_up_to',
  'next_accounts_due',
  'confirmation_statement_last_made_up_to',
  'confirmation_statement_next_made_up_to',
  'confirmation_statement_next_due',
  'annual_return_last_made_up_to',
  'annual_return_next_due',
  'previous_company_names',
  'has_charges',
  'charges_total',
  'charges_outstanding',
  'charges_part_satisfied',
  'charges_satisfied',
  'has_insolvency_history',
  'country_of_origin',
  'uri',
  'updated_at',
] as const;

export type CompanyColumnValue = string | number | boolean | null | Date;

/** Positions in a row array that the writers treat specially. */
export const COMPANY_COLUMN_INDEX = {
  number: 0,
  normalisedName: 2,
  hasCharges: COMPANY_COLUMNS.indexOf('has_charges'),
  hasInsolvencyHistory: COMPANY_COLUMNS.indexOf('has_insolvency_history'),
  updatedAt: COMPANY_COLUMNS.indexOf('updated_at'),
} as const;

/** A profile as a row of the companies table, values in COMPANY_COLUMNS order. */
export function profileToRow(profile: CompanyProfile, updatedAt: Date): CompanyColumnValue[] {
  const address = profile.registered_office_address;
  const accounts = profile.accounts;
  const statement = profile.confirmation_statement;
  const postcode = postcodeKeys(address.postal_code);
  const locality = address.locality?.trim().toUpperCase();
  return [
    profile.company_number,
    profile.company_name,
    normaliseCompanyName(profile.company_name),
    profile.company_status,
    profile.company_status_detail,
    profile.type,
    profile.subtype,
    profile.jurisdiction,
    profile.date_of_creation,
    profile.date_of_cessation,
    address.care_of,
    address.po_box,
    address.address_line_1,
    address.address_line_2,
    address.locality,
    address.region,
    address.country,
    address.postal_code,
    locality ? locality : null,
    postcode.compact,
    postcode.outward,
    officeLineKey(address.address_line_1),
    JSON.stringify(profile.sic_codes),
    accounts.accounting_reference_date?.day ?? null,
    accounts.accounting_reference_date?.month ?? null,
    accounts.last_accounts.made_up_to,
    accounts.last_accounts.type,
    accounts.next_made_up_to,
    accounts.next_due,
    statement.last_made_up_to,
    statement.next_made_up_to,
    statement.next_due,
    profile.annual_return.last_made_up_to,
    profile.annual_return.next_due,
    JSON.stringify(profile.previous_company_names),
    profile.has_charges,
    profile.charge_counts.total,
    profile.charge_counts.outstanding,
    profile.charge_counts.part_satisfied,
    profile.charge_counts.satisfied,
    profile.has_insolvency_history,
    profile.country_of_origin,
    profile.uri,
    updatedAt,
  ];
}

/** A stored company as the profile resource, with overdue flags computed for `asOf`. */
export function companyToProfile(company: Company, asOf: Date): CompanyProfile {
  const referenceDate =
    company.accountingReferenceDay === null || company.accountingReferenceMonth === null
      ? null
      : { day: company.accountingReferenceDay, month: company.accountingReferenceMonth };
  const profile: CompanyProfile = {
    company_number: company.companyNumber,
    company_name: company.companyName,
    company_status: company.companyStatus as CompanyStatus,
    company_status_detail: company.companyStatusDetail as CompanyStatusDetail | null,
    type: company.type as CompanyType,
    subtype: company.subtype as CompanySubtype | null,
    jurisdiction: company.jurisdiction as Jurisdiction | null,
    date_of_creation: company.dateOfCreation,
    date_of_cessation: company.dateOfCessation,
    registered_office_address: {
      care_of: company.careOf,
      po_box: company.poBox,
      address_line_1: company.addressLine1,
      address_line_2: company.addressLine2,
      locality: company.locality,
      region: company.region,
      country: company.country,
      postal_code: company.postalCode,
    },
    sic_codes: JSON.parse(company.sicCodes) as string[],
    accounts: {
      accounting_reference_date: referenceDate,
      last_accounts: {
        made_up_to: company.lastAccountsMadeUpTo,
        type: company.lastAccountsType as AccountsType | null,
      },
      next_made_up_to: company.nextAccountsMadeUpTo,
      next_due: company.nextAccountsDue,
      overdue: false,
    },
    confirmation_statement: {
      last_made_up_to: company.confirmationStatementLastMadeUpTo,
      next_made_up_to: company.confirmationStatementNextMadeUpTo,
      next_due: company.confirmationStatementNextDue,
      overdue: false,
    },
    annual_return: {
      last_made_up_to: company.annualReturnLastMadeUpTo,
      next_due: company.annualReturnNextDue,
    },
    previous_company_names: JSON.parse(
      company.previousCompanyNames,
    ) as CompanyProfile['previous_company_names'],
    has_charges: company.hasCharges,
    charge_counts: {
      total: company.chargesTotal,
      outstanding: company.chargesOutstanding,
      part_satisfied: company.chargesPartSatisfied,
      satisfied: company.chargesSatisfied,
    },
    has_insolvency_history: company.hasInsolvencyHistory,
    country_of_origin: company.countryOfOrigin,
    uri: company.uri,
  };
  const overdue = computeOverdue(profile, asOf);
  profile.accounts.overdue = overdue.accounts;
  profile.confirmation_statement.overdue = overdue.confirmation_statement;
  return profile;
}

/** A row of the companies table as the driver returns it (snake_case columns; SQLite gives 0/1 and epoch ms). */
export type CompanyRow = Record<(typeof COMPANY_COLUMNS)[number], unknown>;

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const whole = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 't';

/** The Company shape from a plain row, without the ORM: what get_company reads on every call. */
export function companyFromRow(row: CompanyRow): Company {
  return {
    companyNumber: String(row.company_number),
    companyName: String(row.company_name),
    normalisedName: String(row.normalised_name),
    companyStatus: String(row.company_status),
    companyStatusDetail: text(row.company_status_detail),
    type: String(row.type),
    subtype: text(row.subtype),
    jurisdiction: text(row.jurisdiction),
    dateOfCreation: text(row.date_of_creation),
    dateOfCessation: text(row.date_of_cessation),
    careOf: text(row.care_of),
    poBox: text(row.po_box),
    addressLine1: text(row.address_line_1),
    addressLine2: text(row.address_line_2),
    locality: text(row.locality),
    region: text(row.region),
    country: text(row.country),
    postalCode: text(row.postal_code),
    localityKey: text(row.locality_key),
    postcodeCompact: text(row.postcode_compact),
    postcodeOutward: text(row.postcode_outward),
    officeLineKey: text(row.office_line_key),
    sicCodes: String(row.sic_codes),
    accountingReferenceDay: whole(row.accounting_reference_day),
    accountingReferenceMonth: whole(row.accounting_reference_month),
    lastAccountsMadeUpTo: text(row.last_accounts_made_up_to),
    lastAccountsType: text(row.last_accounts_type),
    nextAccountsMadeUpTo: text(row.next_accounts_made_up_to),
    nextAccountsDue: text(row.next_accounts_due),
    confirmationStatementLastMadeUpTo: text(row.confirmation_statement_last_made_up_to),
    confirmationStatementNextMadeUpTo: text(row.confirmation_statement_next_made_up_to),
    confirmationStatementNextDue: text(row.confirmation_statement_next_due),
    annualReturnLastMadeUpTo: text(row.annual_return_last_made_up_to),
    annualReturnNextDue: text(row.annual_return_next_due),
    previousCompanyNames: String(row.previous_company_names),
    hasCharges: flag(row.has_charges),
    chargesTotal: Number(row.charges_total),
    chargesOutstanding: Number(row.charges_outstanding),
    chargesPartSatisfied: Number(row.charges_part_satisfied),
    chargesSatisfied: Number(row.charges_satisfied),
    hasInsolvencyHistory: flag(row.has_insolvency_history),
    countryOfOrigin: text(row.country_of_origin),
    uri: text(row.uri),
    updatedAt: new Date(row.updated_at as number | string | Date),
  };
}
