import { CsvError, parse } from 'csv-parse/sync';
import { ServiceError } from '../../../domain/errors';
import { PhysicalLines } from '../../companies-house/companies-csv';

/*
 * The legacy delimited SDN files as OFAC's data specification describes them ("Specially Designated Nationals and
 * Blocked Persons Data Specification", dat_spec.txt, https://ofac.treasury.gov/media/29976/download; reproduced
 * at https://moov-io.github.io/watchman/file-structure): comma-separated, fields quoted with '"', no header row,
 * the null value "-0-" (published followed by a space: `-0- ,`), and three files linked by the integer ent_num,
 * which "do not represent an official reference to that entity" but are the only key the files share.
 * sdn_comments.csv (added in 2013) carries the rest of a Remarks value too long for its 1000 characters as
 * ent_num, Remarks_Extended (the two columns moov-io/watchman's reader pkg/ofac reads).
 */

export const OFAC_SDN_FILES = {
  sdn: {
    name: 'sdn.csv',
    columns: [
      'ent_num',
      'SDN_Name',
      'SDN_Type',
      'Program',
      'Title',
      'Call_Sign',
      'Vess_type',
      'Tonnage',
      'GRT',
      'Vess_flag',
      'Vess_owner',
      'Remarks',
    ],
  },
  add: {
    name: 'add.csv',
    columns: ['Ent_num', 'Add_num', 'Address', 'City/State/Province/Postal Code', 'Country', 'Add_remarks'],
  },
  alt: { name: 'alt.csv', columns: ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'] },
  comments: { name: 'sdn_comments.csv', columns: ['ent_num', 'Remarks_Extended'] },
} as const;

export type OfacSdnFile = keyof typeof OFAC_SDN_FILES;

const DOS_END_OF_FILE = String.fromCharCode(0x1a);

export interface OfacCsvRecord {
  /** The physical line the record starts on (1-based). */
  line: number;
  fields: string[];
}

export interface OfacCsvProblem {
  file: string;
  line: number;
  error: string;
}

/** A field's value, or null when it is the list's null marker or blank. */
export function valueOf(field: string | undefined): string | null {
  const value = (field ?? '').replace(/\s+/g, ' ').trim();
  return value === '' || value === '-0-' ? null : value;
}

/** ent_num, Add_num, alt_num: "number" columns of the specification, so digits only. */
export function isRecordNumber(value: string | null): value is string {
  return value !== null && /^\d{1,10}$/.test(value);
}

export function notOfacSdnCsv(file: string, detail: string, line?: number): ServiceError {
  return new ServiceError(
    'invalid_argument',
    `Not OFAC's SDN list in its CSV layout: ${file}: ${detail}`,
    line === undefined ? { file } : { file, line },
  );
}

/**
 * The records of one file with the line each starts on. Quotes are read leniently, as moov-io/watchman reads
 * these files ("lazy quotes"), since sdn_comments.csv quotes weak a.k.a.s inside a quoted field. A file may end
 * with a DOS end-of-file character (0x1A) on a line of its own, which is no record. A quote left open (a file cut
 * short) stops the whole file: where the next record would start is unknowable.
 */
export function readOfacCsv(text: string, file: string): OfacCsvRecord[] {
  const lines = new PhysicalLines();
  const records: OfacCsvRecord[] = [];
  let parsed: { record: string[]; info: { lines: number; empty_lines: number } }[];
  try {
    parsed = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError)
      throw notOfacSdnCsv(file, `malformed CSV: ${error.message}`, (error as { lines?: number }).lines);
    throw error;
  }
  for (const { record, info } of parsed) {
    const line = lines.startOf(record, info.lines, info.empty_lines);
    if (record.length === 1 && record[0]!.replaceAll(DOS_END_OF_FILE, '').trim() === '') continue;
    records.push({ line, fields: record });
  }
  return records;
}
