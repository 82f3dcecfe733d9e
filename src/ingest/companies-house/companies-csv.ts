import { parse, type Options as CsvParseOptions } from 'csv-parse';
import type { Readable } from 'node:stream';
import { normaliseCompanyNumber, registerOfCompanyNumber } from '../../domain/companies/company-number';
import {
  isFilingOverdue,
  isInsolvencyStatus,
  isoDay,
  type AccountsType,
  type CompanyProfile,
} from '../../domain/companies/company-profile';
import {
  lookupAccountsCategory,
  lookupCategory,
  lookupStatus,
  NO_SIC_SUPPLIED,
} from './companies-house-wordings';
import { addDays, daysInMonth, iso } from '../../domain/companies/register-dates';
import {
  BASIC_COMPANY_DATA_COLUMNS,
  BASIC_COMPANY_DATA_HEADER_LINE,
  col,
  COLUMN_COUNT,
  PREVIOUS_NAMES,
  SIC_TEXTS,
} from './basic-company-data-layout';

// The layout is re-exported: callers (the demo generator, tests) know the parser, not its modules.
export { BASIC_COMPANY_DATA_COLUMNS, BASIC_COMPANY_DATA_HEADER_LINE };

export class CompaniesCsvHeaderError extends Error {
  override readonly name = 'CompaniesCsvHeaderError';
  constructor(
    message: string,
    /** 1-based position of the first column that differs, when there is one. */
    readonly column?: number,
  ) {
    super(message);
  }
}

export type CompaniesCsvEntry = { line: number; profile: CompanyProfile } | { line: number; error: string };

export interface ParseCompaniesCsvOptions {
  /** The day overdue flags are computed against (its UTC calendar day). */
  asOf: Date;
  /** Resume: rows starting before this physical line are read but not mapped or reported. The header is line 1. */
  startAtLine?: number;
  /** Filled with each SIC code's description as first seen, for the code → description table. */
  sicDescriptions?: Map<string, string>;
}

/**
 * Streams the bulk company CSV: one entry per data row, in file order, each with the physical line the row starts
 * on. A row that cannot be mapped becomes an error entry and the run goes on; a wrong header stops it (thrown
 * from the iteration, a CompaniesCsvHeaderError naming the first column that differs).
 */
export async function* parseCompaniesCsv(
  input: Readable,
  options: ParseCompaniesCsvOptions,
): AsyncGenerator<CompaniesCsvEntry, void, undefined> {
  const asOfDay = isoDay(options.asOf);
  const startAtLine = options.startAtLine ?? 2;
  if (!Number.isInteger(startAtLine) || startAtLine < 1)
    throw new RangeError('startAtLine must be a whole number ≥ 1');
  const sicDescriptions = options.sicDescriptions;

  const lines = new PhysicalLines();
  const malformed: { line: number; error: string }[] = [];
  let headerSeen = false;

  const csvOptions: CsvParseOptions<CompaniesCsvEntry, string[]> = {
    bom: true,
    relax_column_count: true,
    // Unescaped quotes inside a field turn up in real names ("12" PIPES LTD"); reading them literally beats
    // losing the rest of the file to one runaway quoted field.
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = lines.lastEnd + 1;
      if (error && line >= startAtLine) malformed.push({ line, error: `malformed CSV: ${error.message}` });
    },
    on_record: (record: string[], info): CompaniesCsvEntry | null => {
      const line = lines.startOf(record, info.lines, info.empty_lines);
      if (!headerSeen) {
        headerSeen = true;
        checkHeader(record);
        return null;
      }
      if (line < startAtLine) return null;
      if (record.length !== COLUMN_COUNT) {
        return { line, error: `expected ${COLUMN_COUNT} fields, found ${record.length}` };
      }
      try {
        return { line, profile: mapRow(record, asOfDay, sicDescriptions) };
      } catch (error) {
        if (error instanceof RowError) return { line, error: error.message };
        throw error;
      }
    },
  };
  // csv-parse's overloads only let on_record change the record's type when `columns` is set.
  const parser = parse(csvOptions as unknown as CsvParseOptions);

  const forwardInputError = (error: Error) => parser.destroy(error);
  input.once('error', forwardInputError);
  input.pipe(parser);
  try {
    for await (const entry of parser as AsyncIterable<CompaniesCsvEntry>) {
      while (malformed.length > 0 && malformed[0]!.line < entry.line) yield malformed.shift()!;
      yield entry;
    }
    if (!headerSeen) throw new CompaniesCsvHeaderError('Not a BasicCompanyData CSV: the file is empty');
    yield* malformed;
  } finally {
    input.off('error', forwardInputError);
    input.unpipe(parser);
    parser.destroy();
  }
}

function checkHeader(record: string[]): void {
  const expected = BASIC_COMPANY_DATA_COLUMNS;
  for (let i = 0; i < Math.max(record.length, expected.length); i++) {
    const got = record[i];
    const want = expected[i];
    if (got === want) continue;
    const where = `column ${i + 1}`;
    const detail =
      got === undefined
        ? `${where} is missing, expected ${JSON.stringify(want)}`
        : want === undefined
          ? `${where} ${JSON.stringify(got)} is extra: the header has ${expected.length} columns`
          : `${where} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
    throw new CompaniesCsvHeaderError(
      `Not a BasicCompanyData CSV header: ${detail} (names must match exactly, leading spaces included)`,
      i + 1,
    );
  }
}

/**
 * csv-parse counts every CR and LF inside a quoted field as a line of its own, so a CRLF inside a field puts its
 * line count one ahead for the rest of the file. This keeps physical line numbers (LF-terminated lines, as
 * editors and `sed -n` count them) by correcting for that, and only looks inside fields when the count jumps.
 */
export class PhysicalLines {
  lastEnd = 0;
  private overcount = 0;
  private previousLines = 0;
  private previousEmpty = 0;

  startOf(record: string[], parserLines: number, parserEmptyLines: number): number {
    const step = parserLines - this.previousLines - (parserEmptyLines - this.previousEmpty);
    this.previousLines = parserLines;
    this.previousEmpty = parserEmptyLines;
    if (step === 1) {
      this.lastEnd = parserLines - this.overcount;
      return this.lastEnd;
    }
    let cr = 0;
    let lf = 0;
    for (const field of record) {
      if (field.indexOf('\n') === -1 && field.indexOf('\r') === -1) continue;
      for (let i = 0; i < field.length; i++) {
        const c = field.charCodeAt(i);
        if (c === 10) lf++;
        else if (c === 13) cr++;
      }
    }
    const start = parserLines - cr - lf - this.overcount;
    this.overcount += cr;
    this.lastEnd = start + lf;
    return start;
  }
}

class RowError extends Error {}

function mapRow(
  f: string[],
  asOfDay: string,
  sicDescriptions: Map<string, string> | undefined,
): CompanyProfile {
  const number = normaliseCompanyNumber(f[col.number]!);
  if (!number.ok)
    throw new RowError(`CompanyNumber: invalid company number ${JSON.stringify(f[col.number])}`);
  const companyNumber = number.companyNumber;

  const companyName = text(f[col.name]!);
  if (companyName === null) throw new RowError('CompanyName: empty');

  const category = f[col.category]!;
  const kind = lookupCategory(category);
  if (kind === undefined) throw new RowError(`CompanyCategory: unknown category ${JSON.stringify(category)}`);

  const statusWording = f[col.status]!;
  const status = lookupStatus(statusWording);
  if (status === undefined)
    throw new RowError(`CompanyStatus: unknown status ${JSON.stringify(statusWording)}`);

  const accountsCategory = f[col.accountsCategory]!;
  let accountsType: AccountsType | null = null;
  if (accountsCategory.length > 0) {
    const found = lookupAccountsCategory(accountsCategory);
    if (found === undefined) {
      throw new RowError(`Accounts.AccountCategory: unknown category ${JSON.stringify(accountsCategory)}`);
    }
    accountsType = found;
  }

  const dateOfCreation = csvDate(f, col.incorporationDate);
  const accountsLastMadeUp = csvDate(f, col.accountsLastMadeUp);
  const accountsNextDue = csvDate(f, col.accountsNextDue);
  const confStmtNextDue = csvDate(f, col.confStmtNextDue);
  const referenceDate = accountingReferenceDate(f);
  const charges = count(f, col.mortgageCharges);

  return {
    company_number: companyNumber,
    company_name: companyName,
    company_status: status.status,
    company_status_detail: status.detail,
    type: kind.type,
    subtype: kind.subtype,
    jurisdiction: registerOfCompanyNumber(companyNumber),
    date_of_creation: dateOfCreation,
    date_of_cessation: csvDate(f, col.dissolutionDate),
    registered_office_address: {
      care_of: text(f[col.careOf]!),
      po_box: text(f[col.poBox]!),
      address_line_1: text(f[col.addressLine1]!),
      address_line_2: text(f[col.addressLine2]!),
      locality: text(f[col.postTown]!),
      region: text(f[col.county]!),
      country: text(f[col.country]!),
      postal_code: text(f[col.postCode]!),
    },
    sic_codes: sicCodes(f, sicDescriptions),
    accounts: {
      accounting_reference_date: referenceDate,
      last_accounts: { made_up_to: accountsLastMadeUp, type: accountsType },
      next_made_up_to:
        referenceDate === null
          ? null
          : nextReferenceDate(accountsLastMadeUp ?? firstPeriodFloor(dateOfCreation), referenceDate),
      next_due: accountsNextDue,
      overdue: isFilingOverdue(accountsNextDue, status.status, asOfDay),
    },
    confirmation_statement: {
      last_made_up_to: csvDate(f, col.confStmtLastMadeUp),
      next_made_up_to: confStmtNextDue === null ? null : addDays(confStmtNextDue, -14),
      next_due: confStmtNextDue,
      overdue: isFilingOverdue(confStmtNextDue, status.status, asOfDay),
    },
    annual_return: {
      last_made_up_to: csvDate(f, col.returnsLastMadeUp),
      next_due: csvDate(f, col.returnsNextDue),
    },
    previous_company_names: previousNames(f, dateOfCreation),
    has_charges: charges > 0,
    charge_counts: {
      total: charges,
      outstanding: count(f, col.mortgagesOutstanding),
      part_satisfied: count(f, col.mortgagesPartSatisfied),
      satisfied: count(f, col.mortgagesSatisfied),
    },
    has_insolvency_history: isInsolvencyStatus(status.status),
    country_of_origin: text(f[col.countryOfOrigin]!),
    uri: text(f[col.uri]!),
  };
}

function text(value: string): string | null {
  if (value.length === 0) return null;
  const trimmed = value.trim();
  return trimmed.length === 0 ? null : trimmed;
}

function columnName(index: number): string {
  return BASIC_COMPANY_DATA_COLUMNS[index]!.trim();
}

function twoDigits(value: string, at: number): number {
  const a = value.charCodeAt(at) - 48;
  const b = value.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** `DD/MM/YYYY` → `YYYY-MM-DD`; empty → null; anything else, or a day the calendar lacks, is a row error. */
function csvDate(f: string[], index: number): string | null {
  let value = f[index]!;
  if (value.length === 0) return null;
  if (value.length !== 10) {
    value = value.trim();
    if (value.length === 0) return null;
  }
  const day = twoDigits(value, 0);
  const month = twoDigits(value, 3);
  const century = twoDigits(value, 6);
  const yy = twoDigits(value, 8);
  const year = century * 100 + yy;
  if (
    value.length !== 10 ||
    value.charCodeAt(2) !== 47 ||
    value.charCodeAt(5) !== 47 ||
    day < 1 ||
    month < 1 ||
    month > 12 ||
    century < 18 ||
    century > 29 ||
    yy < 0 ||
    day > daysInMonth(year, month)
  ) {
    throw new RowError(
      `${columnName(index)}: invalid date ${JSON.stringify(f[index])} (expected DD/MM/YYYY)`,
    );
  }
  return `${value.slice(6, 10)}-${value.slice(3, 5)}-${value.slice(0, 2)}`;
}

/** Mortgage counts: empty is none. */
function count(f: string[], index: number): number {
  const value = f[index]!;
  if (value.length === 0) return 0;
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i) - 48;
    if (c < 0 || c > 9 || i > 6)
      throw new RowError(`${columnName(index)}: not a count ${JSON.stringify(value)}`);
    n = n * 10 + c;
  }
  return n;
}

function smallNumber(f: string[], index: number, max: number): number | null {
  const value = f[index]!;
  if (value.length === 0) return null;
  const n = value.length <= 2 ? count(f, index) : -1;
  if (n < 1 || n > max) throw new RowError(`${columnName(index)}: out of range ${JSON.stringify(value)}`);
  return n;
}

function accountingReferenceDate(f: string[]): { day: number; month: number } | null {
  const day = smallNumber(f, col.accountRefDay, 31);
  const month = smallNumber(f, col.accountRefMonth, 12);
  if (day === null && month === null) return null;
  if (day === null || month === null)
    throw new RowError('Accounts.AccountRefDay/AccountRefMonth: only one is set');
  return { day, month };
}

function sicCodes(f: string[], descriptions: Map<string, string> | undefined): string[] {
  const codes: string[] = [];
  for (let i = col.firstSicText; i < col.firstSicText + SIC_TEXTS; i++) {
    const value = f[i]!;
    if (value.length === 0 || value === NO_SIC_SUPPLIED) continue;
    const dash = value.indexOf(' - ');
    const code = (dash === -1 ? value : value.slice(0, dash)).trim();
    if (code.length < 4 || code.length > 5 || !isDigits(code)) {
      if (code === NO_SIC_SUPPLIED) continue;
      throw new RowError(`${columnName(i)}: not a SIC text ${JSON.stringify(value)} (expected "70229 - …")`);
    }
    if (codes.includes(code)) continue;
    codes.push(code);
    if (descriptions !== undefined && dash !== -1 && !descriptions.has(code)) {
      const description = value.slice(dash + 3).trim();
      if (description.length > 0) descriptions.set(code, description);
    }
  }
  return codes;
}

function isDigits(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * The file lists the most recent previous name first, with only the date each name stopped being used (CONDATE).
 * A name's effective_from is the day the name before it ceased, or incorporation for the oldest. A date without a
 * name cannot be stored as a name and is dropped.
 */
function previousNames(f: string[], dateOfCreation: string | null): CompanyProfile['previous_company_names'] {
  const names: CompanyProfile['previous_company_names'] = [];
  for (let k = 0; k < PREVIOUS_NAMES; k++) {
    const dateIndex = col.firstPreviousName + 2 * k;
    const name = f[dateIndex + 1]!;
    const ceasedOn = csvDate(f, dateIndex);
    if (name.length === 0) continue;
    const trimmed = text(name);
    if (trimmed !== null) names.push({ name: trimmed, effective_from: null, ceased_on: ceasedOn });
  }
  if (names.length === 0) return names;
  if (names.length > 1) names.sort(newestFirst);
  for (let i = 0; i < names.length; i++) {
    names[i]!.effective_from = i + 1 < names.length ? names[i + 1]!.ceased_on : dateOfCreation;
  }
  return names;
}

function newestFirst(a: { ceased_on: string | null }, b: { ceased_on: string | null }): number {
  if (a.ceased_on === b.ceased_on) return 0;
  if (a.ceased_on === null) return 1;
  if (b.ceased_on === null) return -1;
  return a.ceased_on < b.ceased_on ? 1 : -1;
}

/** First accounts cover at least six months from incorporation (the first reference date is a year on). */
function firstPeriodFloor(dateOfCreation: string | null): string | null {
  if (dateOfCreation === null) return null;
  const year = +dateOfCreation.slice(0, 4);
  const month = +dateOfCreation.slice(5, 7) + 6;
  const y = month > 12 ? year + 1 : year;
  const m = month > 12 ? month - 12 : month;
  return iso(y, m, Math.min(+dateOfCreation.slice(8, 10), daysInMonth(y, m)));
}

/** The first accounting reference date strictly after `after`, its day clamped to the month (29 Feb). */
function nextReferenceDate(after: string | null, ard: { day: number; month: number }): string | null {
  if (after === null) return null;
  const year = +after.slice(0, 4);
  const sameYear = iso(year, ard.month, Math.min(ard.day, daysInMonth(year, ard.month)));
  return sameYear > after
    ? sameYear
    : iso(year + 1, ard.month, Math.min(ard.day, daysInMonth(year + 1, ard.month)));
}
