import type { SanctionsDesignation } from '../../../domain/sanctions/sanctions-designation';
import {
  isRecordNumber,
  notOfacSdnCsv,
  OFAC_SDN_FILES,
  readOfacCsv,
  valueOf,
  type OfacCsvRecord,
  type OfacSdnFile,
} from './ofac-sdn-csv-layout';
import { addAlias, ofacName, readOfacSdnRow } from './ofac-sdn-row';

/*
 * Reads OFAC's Specially Designated Nationals list in its legacy CSV files (sdn.csv with add.csv, alt.csv and
 * sdn_comments.csv linked to it by ent_num; layout in ofac-sdn-csv-layout.ts) whole, as the UK importer reads its
 * CSV: the import it will feed is all or nothing. A row that cannot be read is rejected with its file and line and
 * the rest go on; an address, alias or comment row whose ent_num has no SDN row is a warning (the files are
 * published together but fetched one by one). A file that is empty, not UTF-8, cut inside a quote, or whose first
 * row is not an SDN row stops the whole list. The legacy files carry no publication date, so there is no
 * `generatedOn`: the version will be the files' SHA-256. Nothing here stores or schedules anything yet.
 */

export interface OfacSdnCsvFiles {
  sdn: Buffer | string;
  add?: Buffer | string;
  alt?: Buffer | string;
  comments?: Buffer | string;
}

export interface OfacRowProblem {
  /** "sdn.csv line 4". */
  place: string;
  file: string;
  line: number;
  error: string;
}

export interface ParsedOfacSdnList {
  /** Never set: the legacy files carry no publication date (kept for the shape every list parser returns). */
  generatedOn?: string;
  /** sdn.csv rows read (rejected and all). */
  records: number;
  /** In sdn.csv order. */
  designations: SanctionsDesignation[];
  rejected: OfacRowProblem[];
  warnings: OfacRowProblem[];
}

const ALIAS_TYPES = new Set(['aka', 'fka', 'nka']);

export function parseOfacSdnCsv(files: OfacSdnCsvFiles): ParsedOfacSdnList {
  const rejected: OfacRowProblem[] = [];
  const warnings: OfacRowProblem[] = [];
  const problem = (file: OfacSdnFile, line: number, error: string): OfacRowProblem => {
    const name = OFAC_SDN_FILES[file].name;
    return { place: `${name} line ${line}`, file: name, line, error };
  };
  /** Records of the right width with a record number first; the rest rejected. */
  const rowsOf = (file: OfacSdnFile, records: OfacCsvRecord[]): OfacCsvRecord[] => {
    const width = OFAC_SDN_FILES[file].columns.length;
    const first = OFAC_SDN_FILES[file].columns[0];
    return records.filter(({ line, fields }) => {
      if (fields.length !== width) {
        rejected.push(problem(file, line, `expected ${width} fields, found ${fields.length}`));
        return false;
      }
      if (!isRecordNumber(valueOf(fields[0]))) {
        rejected.push(problem(file, line, `${first}: ${JSON.stringify(fields[0])} is not a record number`));
        return false;
      }
      return true;
    });
  };

  const sdnRecords = readOfacCsv(decode(files.sdn, 'sdn.csv'), 'sdn.csv');
  if (sdnRecords.length === 0) throw notOfacSdnCsv('sdn.csv', 'the file is empty');
  const [first] = sdnRecords;
  if (
    first!.fields.length !== OFAC_SDN_FILES.sdn.columns.length ||
    !isRecordNumber(valueOf(first!.fields[0]))
  )
    throw notOfacSdnCsv(
      'sdn.csv',
      `line ${first!.line} is not an SDN row (${OFAC_SDN_FILES.sdn.columns.length} fields, ent_num first, no header): found ${JSON.stringify(first!.fields.join(',').slice(0, 80))}`,
      first!.line,
    );

  const sdnRows = new Map<string, OfacCsvRecord>();
  for (const record of rowsOf('sdn', sdnRecords)) {
    const entNum = valueOf(record.fields[0])!;
    const earlier = sdnRows.get(entNum);
    if (earlier !== undefined) {
      rejected.push(problem('sdn', record.line, `ent_num ${entNum} repeats sdn.csv line ${earlier.line}`));
      continue;
    }
    sdnRows.set(entNum, record);
  }

  // sdn_comments.csv continues a Remarks value cut at its 1000 characters, mid-word, so it is joined as is.
  const extended = new Map<string, string>();
  for (const record of rowsOf('comments', readOptional(files.comments, 'comments'))) {
    const entNum = valueOf(record.fields[0])!;
    if (!sdnRows.has(entNum)) {
      warnings.push(problem('comments', record.line, `ent_num ${entNum} has no row in sdn.csv; ignored`));
      continue;
    }
    if (valueOf(record.fields[1]) !== null)
      extended.set(entNum, (extended.get(entNum) ?? '') + record.fields[1]!);
  }

  const designations = new Map<string, SanctionsDesignation>();
  for (const [entNum, record] of sdnRows) {
    const remarks = valueOf((record.fields[11] ?? '') + (extended.get(entNum) ?? ''));
    const reading = readOfacSdnRow(record.fields, remarks);
    for (const warning of reading.warnings) warnings.push(problem('sdn', record.line, warning));
    if ('error' in reading) rejected.push(problem('sdn', record.line, reading.error));
    else designations.set(entNum, reading.designation);
  }

  const ownerOf = (file: OfacSdnFile, record: OfacCsvRecord): SanctionsDesignation | undefined => {
    const entNum = valueOf(record.fields[0])!;
    const designation = designations.get(entNum);
    if (designation === undefined)
      warnings.push(
        problem(
          file,
          record.line,
          sdnRows.has(entNum)
            ? `ent_num ${entNum}'s sdn.csv row was rejected; ignored`
            : `ent_num ${entNum} has no row in sdn.csv; ignored`,
        ),
      );
    return designation;
  };

  for (const record of rowsOf('add', readOptional(files.add, 'add'))) {
    const [, addNum, street, city, country, remarks] = record.fields.map(valueOf);
    if (!isRecordNumber(addNum ?? null)) {
      rejected.push(
        problem('add', record.line, `Add_num: ${JSON.stringify(record.fields[1])} is not a record number`),
      );
      continue;
    }
    const designation = ownerOf('add', record);
    if (designation === undefined) continue;
    const lines = [street, city, remarks].filter((line): line is string => line !== null);
    // A row of nulls is how the file says "no known address".
    if (lines.length === 0 && country === null) continue;
    const address = { lines, postal_code: null, country: country ?? null };
    if (!designation.addresses.some((a) => JSON.stringify(a) === JSON.stringify(address)))
      designation.addresses.push(address);
  }

  for (const record of rowsOf('alt', readOptional(files.alt, 'alt'))) {
    const [, altNum, altType, altName, altRemarks] = record.fields.map(valueOf);
    if (!isRecordNumber(altNum ?? null)) {
      rejected.push(
        problem('alt', record.line, `alt_num: ${JSON.stringify(record.fields[1])} is not a record number`),
      );
      continue;
    }
    if (altName === null || altName === undefined) {
      rejected.push(problem('alt', record.line, 'alt_name: missing or -0-'));
      continue;
    }
    const designation = ownerOf('alt', record);
    if (designation === undefined) continue;
    const type = (altType ?? '').toLowerCase().replace(/\./g, '');
    if (!ALIAS_TYPES.has(type))
      warnings.push(
        problem(
          'alt',
          record.line,
          `alt_type: ${JSON.stringify(altType ?? null)} is not aka, fka or nka; read as aka`,
        ),
      );
    // alt.csv holds the strong names: weak a.k.a.s are published in Remarks only (OFAC FAQ 123).
    addAlias(designation.names, {
      ...ofacName(altName, designation.type),
      name_type: 'alias',
      alias_strength: null,
    });
    if (type === 'fka' || type === 'nka') pushDetail(designation, 'alt_type', `${type}: ${altName}`);
    if (altRemarks !== null && altRemarks !== undefined)
      pushDetail(designation, 'alt_remarks', `${altName}: ${altRemarks}`);
  }

  return {
    records: sdnRecords.length,
    designations: [...designations.values()],
    rejected: rejected.sort(inFileOrder),
    warnings: warnings.sort(inFileOrder),
  };

  function readOptional(input: Buffer | string | undefined, file: OfacSdnFile): OfacCsvRecord[] {
    if (input === undefined) return [];
    const name = OFAC_SDN_FILES[file].name;
    return readOfacCsv(decode(input, name), name);
  }
}

const FILE_ORDER: string[] = Object.values(OFAC_SDN_FILES).map((file) => file.name);

/** Problems are found in several passes; a reviewer reads them file by file, line by line. */
function inFileOrder(a: OfacRowProblem, b: OfacRowProblem): number {
  return FILE_ORDER.indexOf(a.file) - FILE_ORDER.indexOf(b.file) || a.line - b.line;
}

function pushDetail(designation: SanctionsDesignation, key: string, value: string): void {
  const values = (designation.details[key] ??= []);
  if (!values.includes(value)) values.push(value);
}

/** The data specification calls the files ASCII text; UTF-8 is read as its superset, anything else is a wrong file. */
function decode(input: Buffer | string, file: string): string {
  if (typeof input === 'string') return input;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    throw notOfacSdnCsv(file, 'the file is not UTF-8 text');
  }
}
