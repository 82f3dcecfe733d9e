import type { EntityManager } from '@mikro-orm/core';
import type { AccountsYear } from '../../../db/entities/accounts-year';
import type { Company } from '../../../db/entities/company';
import { IMPORT_KIND_COMPANIES } from '../../../db/entities/import-run';
import { readRows, type ReadParam } from '../../../db/read-query';
import type { ChangeField } from '../../changes/company-changes';
import { dialectOf, placeholders } from '../../companies/register-sql';
import type { CompanyProfileColumns } from '../facts-as-of';

/*
 * The rows the health rules read for a batch of companies, as plain rows in one statement per table (not one per
 * company, and without the ORM's entities: building entities was a third of a register-wide refresh). Columns
 * are aliased to the entities' property names. Only the columns the rules read are selected. The statements run
 * one after another: on PostgreSQL a transaction has one client, which runs one query at a time.
 */

/** The filing categories the rules read; the rest of a long filing history is not read. */
const FILING_CATEGORIES = ['accounts', 'confirmation-statement', 'gazette', 'address'];

/** Register fields the roll-back to a past day reads from the change feed. */
const ROLLED_BACK_FIELDS: ChangeField[] = [
  'company_status',
  'last_accounts',
  'confirmation_statement',
  'charges',
  'insolvency',
];

/** The company columns profileOnDay reads, and the name. */
export type CompanyFactsRow = CompanyProfileColumns & Pick<Company, 'companyNumber' | 'companyName'>;

export interface FilingRow {
  companyNumber: string;
  transactionId: string;
  category: string;
  type: string;
  date: string;
  descriptionCode: string;
  descriptionValues: string;
}
export interface OfficerRow {
  companyNumber: string;
  appointmentId: string;
  /** With the name and birth month and year: what links the appointment to a disqualified officer. */
  officerId: string;
  birthYear: number | null;
  birthMonth: number | null;
  name: string;
  role: string;
  appointedOn: string | null;
  resignedOn: string | null;
}
export interface PscRow {
  companyNumber: string;
  pscId: string;
  kind: string;
  statement: string | null;
  notifiedOn: string | null;
  ceasedOn: string | null;
}
export interface ChargeRow {
  companyNumber: string;
  chargeId: string;
  chargeCode: string | null;
  status: string;
  createdOn: string | null;
  satisfiedOn: string | null;
}
export interface InsolvencyCaseRow {
  companyNumber: string;
  caseNumber: number;
  type: string;
  dates: string;
}
export interface ResourceImportRow {
  companyNumber: string;
  resource: string;
}
export interface LaterChangeRow {
  companyNumber: string;
  field: string;
  oldValue: string | null;
}

export interface StoredFactsRows {
  companies: CompanyFactsRow[];
  filings: FilingRow[];
  officers: OfficerRow[];
  pscs: PscRow[];
  charges: ChargeRow[];
  insolvencyCases: InsolvencyCaseRow[];
  accountsYears: AccountsYear[];
  imports: ResourceImportRow[];
  laterChanges: LaterChangeRow[];
}

const COMPANY_COLUMNS =
  'company_number as "companyNumber", company_name as "companyName", company_status as "companyStatus", ' +
  'company_status_detail as "companyStatusDetail", type, date_of_creation as "dateOfCreation", ' +
  'date_of_cessation as "dateOfCessation", accounting_reference_day as "accountingReferenceDay", ' +
  'accounting_reference_month as "accountingReferenceMonth", last_accounts_made_up_to as "lastAccountsMadeUpTo", ' +
  'last_accounts_type as "lastAccountsType", next_accounts_due as "nextAccountsDue", ' +
  'confirmation_statement_last_made_up_to as "confirmationStatementLastMadeUpTo", ' +
  'confirmation_statement_next_due as "confirmationStatementNextDue", ' +
  'has_insolvency_history as "hasInsolvencyHistory", charges_outstanding as "chargesOutstanding"';

const ACCOUNTS_YEAR_COLUMNS =
  'company_number as "companyNumber", period_end as "periodEnd", basis, origin, period_start as "periodStart", ' +
  'profit_and_loss_filed as "profitAndLossFiled", measures, document, ' +
  'document_period_end as "documentPeriodEnd", accounts_type as "accountsType", ' +
  'accounting_standard as "accountingStandard", problems';

/** The day the register change feed began (the first register import), YYYY-MM-DD; null before any import. */
export async function feedStartDayOf(em: EntityManager): Promise<string | null> {
  const [row] = await readRows<{ started_at: unknown }>(
    em,
    'select min(started_at) as started_at from import_runs where kind = ?',
    [IMPORT_KIND_COMPANIES],
  );
  const started = row?.started_at;
  if (started === null || started === undefined) return null;
  // SQLite keeps datetimes as epoch milliseconds; PostgreSQL returns a Date.
  return new Date(started as number | string | Date).toISOString().slice(0, 10);
}

/**
 * The rows of `numbers` (distinct) for the rules; `changesFrom` is the first instant whose register changes roll
 * the register back (the day after the score's day).
 */
export async function readStoredFactsRows(
  em: EntityManager,
  numbers: readonly string[],
  changesFrom: Date,
): Promise<StoredFactsRows> {
  const inList = `company_number in (${placeholders(numbers.length)})`;
  const read = <Row>(sql: string, extra: readonly ReadParam[] = []) =>
    readRows<Row>(em, sql, [...numbers, ...extra]);
  const companies = await read<CompanyFactsRow>(
    `select ${COMPANY_COLUMNS} from companies where ${inList} order by company_number`,
  );
  if (companies.length === 0)
    return {
      companies,
      filings: [],
      officers: [],
      pscs: [],
      charges: [],
      insolvencyCases: [],
      accountsYears: [],
      imports: [],
      laterChanges: [],
    };
  // SQLite keeps datetimes as epoch milliseconds; PostgreSQL compares timestamptz with an ISO text.
  const from = dialectOf(em) === 'postgresql' ? changesFrom.toISOString() : changesFrom.getTime();
  // One connection per transaction: the statements run one after another either way.
  return {
    companies,
    filings: await read<FilingRow>(
      'select company_number as "companyNumber", transaction_id as "transactionId", category, type, date, ' +
        'description_code as "descriptionCode", description_values as "descriptionValues" ' +
        `from filings where ${inList} and category in (${placeholders(FILING_CATEGORIES.length)})`,
      FILING_CATEGORIES,
    ),
    officers: await read<OfficerRow>(
      'select company_number as "companyNumber", appointment_id as "appointmentId", officer_id as "officerId", ' +
        'birth_year as "birthYear", birth_month as "birthMonth", name, officer_role as role, appointed_on as "appointedOn", resigned_on as "resignedOn" ' +
        `from officer_appointments where ${inList}`,
    ),
    pscs: await read<PscRow>(
      'select company_number as "companyNumber", psc_id as "pscId", kind, statement, ' +
        'notified_on as "notifiedOn", ceased_on as "ceasedOn" ' +
        `from persons_with_significant_control where ${inList}`,
    ),
    charges: await read<ChargeRow>(
      'select company_number as "companyNumber", charge_id as "chargeId", charge_code as "chargeCode", status, ' +
        'created_on as "createdOn", satisfied_on as "satisfiedOn" ' +
        `from charges where ${inList}`,
    ),
    insolvencyCases: await read<InsolvencyCaseRow>(
      'select company_number as "companyNumber", case_number as "caseNumber", type, dates ' +
        `from insolvency_cases where ${inList}`,
    ),
    accountsYears: await read<AccountsYear>(
      `select ${ACCOUNTS_YEAR_COLUMNS} from accounts_years where ${inList}`,
    ),
    // Only a resource imported whole counts: items from stream events alone are not its data (company-details-held.ts).
    imports: await read<ResourceImportRow>(
      'select company_number as "companyNumber", resource from company_resource_imports ' +
        `where ${inList} and complete = TRUE`,
    ),
    laterChanges: await read<LaterChangeRow>(
      'select company_number as "companyNumber", field, old_value as "oldValue" from register_changes ' +
        `where ${inList} and field in (${placeholders(ROLLED_BACK_FIELDS.length)}) and detected_at >= ? ` +
        'order by sequence',
      [...ROLLED_BACK_FIELDS, from],
    ),
  };
}
