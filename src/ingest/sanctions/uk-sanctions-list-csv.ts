import { parse, type Options as CsvParseOptions } from 'csv-parse';
import { Readable } from 'node:stream';
import { ServiceError } from '../../domain/errors';
import type {
  DesignationAddress,
  DesignationName,
  DesignationNameType,
  DesignationType,
  PartialDate,
  SanctionsDesignation,
} from '../../domain/sanctions/sanctions-designation';
import { PhysicalLines } from '../companies-house/companies-csv';
import { parseBirthDate, parseListDate, parseReportDate } from './uk-sanctions-list-dates';
import {
  ADDRESS_LINE_COLUMNS,
  at,
  DESIGNATION_TYPE_WORDINGS,
  GIVEN_NAME_COLUMNS,
  NAME_TYPE_WORDINGS,
  UK_SANCTIONS_LIST_COLUMNS,
  UK_SANCTIONS_LIST_COLUMN_COUNT,
  type UkSanctionsListColumn,
} from './uk-sanctions-list-layout';

/*
 * Reads the UK Sanctions List CSV whole (the import is all or nothing, so there is nothing to stream into):
 * the Report Date line, the exact header, then the rows folded by Unique ID into designations. A row that cannot
 * be read is rejected with its physical line and the rest go on; a value the list sometimes garbles (a date of
 * birth, a name type) is kept as published in `details` and reported as a warning, so one typo never drops a
 * designation from screening. A missing or garbled Report Date line or header stops the whole file.
 */

export interface ListRowProblem {
  line: number;
  error: string;
}

export interface ParsedSanctionsList {
  /** ISO day of the Report Date line. */
  reportDate: string;
  /** Data rows read (folded, rejected and all). */
  rows: number;
  /** In the order their first row appears. */
  designations: SanctionsDesignation[];
  rejected: ListRowProblem[];
  warnings: ListRowProblem[];
}

/** Columns read into fields of their own; every other column with a value goes to `details` as published. */
const FIELD_COLUMNS = new Set<UkSanctionsListColumn>([
  'Last Updated',
  'Unique ID',
  'OFSI Group ID',
  'UN Reference Number',
  'Name 6',
  ...GIVEN_NAME_COLUMNS,
  'Name type',
  'Alias strength',
  'Title',
  'Name non-latin script',
  'Non-latin script type',
  'Non-latin script language',
  'Regime Name',
  'Designation Type',
  'Designation source',
  'Sanctions Imposed',
  'Other Information',
  'UK Statement of Reasons',
  ...ADDRESS_LINE_COLUMNS,
  'Address Postal Code',
  'Address Country',
  'Date Designated',
  'Nationality(/ies)',
  'Country of birth',
]);

export async function parseUkSanctionsListCsv(
  input: Readable | Buffer | string,
): Promise<ParsedSanctionsList> {
  const lines = new PhysicalLines();
  const rejected: ListRowProblem[] = [];
  const warnings: ListRowProblem[] = [];
  const builders = new Map<string, DesignationBuilder>();
  let reportDate: string | null = null;
  let headerSeen = false;
  let rows = 0;
  let cutShortAt: number | null = null;

  const csvOptions: CsvParseOptions = {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (!error) return;
      // A quote still open at the end is a file cut short, not one bad row: the designations after the cut
      // would read as removed from the list.
      if (error.code === 'CSV_QUOTE_NOT_CLOSED') cutShortAt = lines.lastEnd + 1;
      else rejected.push({ line: lines.lastEnd + 1, error: `malformed CSV: ${error.message}` });
    },
    on_record: (record: string[], info) => {
      const line = lines.startOf(record, info.lines, info.empty_lines);
      if (reportDate === null) {
        reportDate = readReportDateLine(record, line);
        return null;
      }
      if (!headerSeen) {
        checkHeader(record, line);
        headerSeen = true;
        return null;
      }
      rows++;
      if (record.length !== UK_SANCTIONS_LIST_COLUMN_COUNT) {
        rejected.push({
          line,
          error: `expected ${UK_SANCTIONS_LIST_COLUMN_COUNT} fields, found ${record.length}`,
        });
        return null;
      }
      const problem = foldRow(record, line, builders, (message) => warnings.push({ line, error: message }));
      if (problem !== null) rejected.push({ line, error: problem });
      return null;
    },
  };

  const source = typeof input === 'string' || Buffer.isBuffer(input) ? Readable.from([input]) : input;
  const parser = parse(csvOptions);
  const forwardInputError = (error: Error) => parser.destroy(error);
  source.once('error', forwardInputError);
  source.pipe(parser);
  try {
    for await (const _ of parser) {
      // Records are folded in on_record; nothing is emitted.
    }
  } finally {
    source.off('error', forwardInputError);
    source.unpipe(parser);
    parser.destroy();
  }
  if (reportDate === null) throw notTheList('the file is empty', 1);
  if (!headerSeen) throw notTheList('the header line is missing', 2);
  if (cutShortAt !== null)
    throw notTheList(
      `the file ends inside a quoted field opened on line ${cutShortAt}: it was cut short`,
      cutShortAt,
    );
  rejected.sort((a, b) => a.line - b.line);
  return {
    reportDate,
    rows,
    designations: [...builders.values()].map((builder) => builder.build()),
    rejected,
    warnings,
  };
}

function notTheList(detail: string, line: number, column?: number): ServiceError {
  return new ServiceError('invalid_argument', `Not a UK Sanctions List CSV: ${detail}`, {
    line,
    ...(column === undefined ? {} : { column }),
  });
}

function readReportDateLine(record: string[], line: number): string {
  const first = record[0]?.trim() ?? '';
  const match = /^Report Date:\s*(.*)$/i.exec(first);
  if (!match || record.slice(1).some((field) => field.trim() !== '')) {
    throw notTheList(
      `line ${line} should be "Report Date: dd/mm/yyyy", found ${JSON.stringify(record.join(',').slice(0, 80))}`,
      line,
    );
  }
  const day = parseReportDate(match[1]!);
  if (day === null)
    throw notTheList(`line ${line}: the Report Date ${JSON.stringify(match[1])} is not a date`, line);
  return day;
}

function checkHeader(record: string[], line: number): void {
  const expected = UK_SANCTIONS_LIST_COLUMNS;
  for (let i = 0; i < Math.max(record.length, expected.length); i++) {
    const got = record[i]?.trim();
    const want = expected[i];
    if (got === want) continue;
    const where = `header column ${i + 1}`;
    const detail =
      got === undefined
        ? `${where} is missing, expected ${JSON.stringify(want)}`
        : want === undefined
          ? `${where} ${JSON.stringify(got)} is extra: the header has ${expected.length} columns`
          : `${where} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
    throw notTheList(detail, line, i + 1);
  }
}

function cell(record: string[], column: UkSanctionsListColumn): string | null {
  const value = record[at[column]]!.trim();
  return value.length === 0 ? null : value;
}

/** Numbered lists ("(1) Russia (2) Cyprus") and pipe-separated values become their items. */
function items(value: string | null): string[] {
  if (value === null) return [];
  const parts = /^\(1\)/.test(value) ? value.split(/\(\d+\)/) : value.split('|');
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

function lookup<T>(table: Record<string, T>, wording: string | null): T | undefined {
  return wording === null ? undefined : table[wording.toLowerCase().replace(/\s+/g, ' ')];
}

/** Folds one row into its designation; returns why the row was rejected, or null. */
function foldRow(
  record: string[],
  line: number,
  builders: Map<string, DesignationBuilder>,
  warn: (message: string) => void,
): string | null {
  const uniqueId = cell(record, 'Unique ID');
  if (uniqueId === null) return 'Unique ID: empty';
  const typeWording = cell(record, 'Designation Type');
  const type = lookup<DesignationType>(DESIGNATION_TYPE_WORDINGS, typeWording);
  if (type === undefined)
    return `Designation Type: ${JSON.stringify(typeWording ?? '')} is not Individual, Entity or Ship`;
  const names = rowNames(record, warn);
  if (names.length === 0) return 'no name: Name 1 to Name 6 and Name non-latin script are all empty';

  let builder = builders.get(uniqueId);
  if (builder === undefined) {
    builder = new DesignationBuilder(uniqueId, type, line);
    builders.set(uniqueId, builder);
  } else if (builder.type !== type) {
    return `Designation Type ${JSON.stringify(typeWording)} differs from line ${builder.firstLine} of ${uniqueId}`;
  }
  builder.add(record, names, warn);
  return null;
}

function rowNames(record: string[], warn: (message: string) => void): DesignationName[] {
  const nameTypeWording = cell(record, 'Name type');
  let nameType = lookup<DesignationNameType>(NAME_TYPE_WORDINGS, nameTypeWording);
  if (nameType === undefined) {
    warn(`Name type: ${JSON.stringify(nameTypeWording ?? '')} is not a known name type; read as Alias`);
    nameType = 'alias';
  }
  const shared = {
    name_type: nameType,
    alias_strength: cell(record, 'Alias strength'),
    title: cell(record, 'Title'),
  };
  const names: DesignationName[] = [];
  const given = GIVEN_NAME_COLUMNS.map((column) => cell(record, column)).filter(
    (v): v is string => v !== null,
  );
  const surname = cell(record, 'Name 6');
  if (given.length > 0 || surname !== null) {
    names.push({
      ...shared,
      name: [...given, ...(surname === null ? [] : [surname])].join(' '),
      surname,
      given_names: given.length > 0 ? given.join(' ') : null,
      non_latin: false,
      script: null,
      language: null,
    });
  }
  const nonLatin = cell(record, 'Name non-latin script');
  if (nonLatin !== null) {
    names.push({
      ...shared,
      name: nonLatin,
      surname: null,
      given_names: null,
      non_latin: true,
      script: cell(record, 'Non-latin script type'),
      language: cell(record, 'Non-latin script language'),
    });
  }
  return names;
}

function pushNew<T>(list: T[], item: T, same: (a: T, b: T) => boolean = (a, b) => a === b): void {
  if (!list.some((existing) => same(existing, item))) list.push(item);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

class DesignationBuilder {
  private readonly names: DesignationName[] = [];
  private readonly regimes: string[] = [];
  private readonly sanctionsImposed: string[] = [];
  private readonly birthDates: PartialDate[] = [];
  private readonly nationalities: string[] = [];
  private readonly addresses: DesignationAddress[] = [];
  private readonly birthCountries: string[] = [];
  private readonly details: Record<string, string[]> = {};
  private designationSource: string | null = null;
  private dateDesignated: string | null = null;
  private lastUpdated: string | null = null;
  private ofsiGroupId: string | null = null;
  private unReference: string | null = null;
  private otherInformation: string | null = null;
  private statementOfReasons: string | null = null;

  constructor(
    readonly uniqueId: string,
    readonly type: DesignationType,
    readonly firstLine: number,
  ) {}

  add(record: string[], names: DesignationName[], warn: (message: string) => void): void {
    for (const name of names) pushNew(this.names, name, sameJson);
    const regime = cell(record, 'Regime Name');
    if (regime !== null) pushNew(this.regimes, regime);
    for (const measure of items(cell(record, 'Sanctions Imposed'))) pushNew(this.sanctionsImposed, measure);
    for (const nationality of items(cell(record, 'Nationality(/ies)')))
      pushNew(this.nationalities, nationality);
    const birthCountry = cell(record, 'Country of birth');
    if (birthCountry !== null) pushNew(this.birthCountries, birthCountry);
    this.designationSource ??= cell(record, 'Designation source');
    this.ofsiGroupId ??= cell(record, 'OFSI Group ID');
    this.unReference ??= cell(record, 'UN Reference Number');
    this.otherInformation ??= cell(record, 'Other Information');
    this.statementOfReasons ??= cell(record, 'UK Statement of Reasons');
    this.dateDesignated ??= this.listDate(record, 'Date Designated', warn);
    const updated = this.listDate(record, 'Last Updated', warn);
    if (updated !== null && (this.lastUpdated === null || updated > this.lastUpdated))
      this.lastUpdated = updated;

    const address: DesignationAddress = {
      lines: ADDRESS_LINE_COLUMNS.map((column) => cell(record, column)).filter(
        (v): v is string => v !== null,
      ),
      postal_code: cell(record, 'Address Postal Code'),
      country: cell(record, 'Address Country'),
    };
    if (address.lines.length > 0 || address.postal_code !== null || address.country !== null)
      pushNew(this.addresses, address, sameJson);

    for (const text of items(cell(record, 'D.O.B'))) {
      const date = parseBirthDate(text);
      if (date === null) warn(`D.O.B: ${JSON.stringify(text)} is not a date of birth; kept as published`);
      else pushNew(this.birthDates, date, sameJson);
    }

    UK_SANCTIONS_LIST_COLUMNS.forEach((column) => {
      if (FIELD_COLUMNS.has(column)) return;
      const value = cell(record, column);
      if (value !== null) pushNew((this.details[column] ??= []), value);
    });
  }

  private listDate(
    record: string[],
    column: 'Date Designated' | 'Last Updated',
    warn: (message: string) => void,
  ): string | null {
    const text = cell(record, column);
    if (text === null) return null;
    const day = parseListDate(text);
    if (day === null) warn(`${column}: ${JSON.stringify(text)} is not a dd/mm/yyyy date; left out`);
    return day;
  }

  build(): SanctionsDesignation {
    return {
      unique_id: this.uniqueId,
      type: this.type,
      names: this.names,
      regimes: this.regimes,
      designation_source: this.designationSource,
      sanctions_imposed: this.sanctionsImposed,
      date_designated: this.dateDesignated,
      last_updated: this.lastUpdated,
      ofsi_group_id: this.ofsiGroupId,
      un_reference_number: this.unReference,
      birth_dates: this.birthDates,
      nationalities: this.nationalities,
      addresses: this.addresses,
      birth_countries: this.birthCountries,
      other_information: this.otherInformation,
      statement_of_reasons: this.statementOfReasons,
      details: this.details,
    };
  }
}
