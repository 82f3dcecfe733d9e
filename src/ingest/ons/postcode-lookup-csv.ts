import { parse, type CsvError, type Options as CsvParseOptions } from 'csv-parse';
import type { Readable } from 'node:stream';
import { postcodeKeys } from '../../domain/companies/postcode';
import { ServiceError } from '../../domain/errors';
import { itl1RegionOf } from '../../domain/places/itl1-regions';
import { LOCAL_AUTHORITY_CODE } from '../../domain/places/local-authority-code';
import type { PostcodePlace } from '../../db/entities/postcode-place';
import { codeOrNone, locateLookupColumns, type LookupColumnIndex } from './postcode-lookup-layout';

/*
 * Streams the ONS postcode lookup (NSPL or ONSPD, docs/places.md): one entry per data row, in file order, each
 * with its line number, either the postcode's place or why the row was refused. A header without the columns
 * read stops the run before any row (a ServiceError naming them).
 */

export type PostcodeLookupEntry = { line: number; place: PostcodePlace } | { line: number; error: string };

/** Local authority names by code, from the names file; a code not in it gets a null name. */
export type LocalAuthorityNames = ReadonlyMap<string, string>;

export async function* parsePostcodeLookupCsv(
  input: Readable,
  names: LocalAuthorityNames,
): AsyncGenerator<PostcodeLookupEntry, void, undefined> {
  let columns: LookupColumnIndex | undefined;
  const malformed: { line: number; error: string }[] = [];
  const csvOptions: CsvParseOptions<PostcodeLookupEntry, string[]> = {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    // A stray quote inside a field is read as text, as the company importer does, rather than losing the rest.
    relax_quotes: true,
    on_skip: (error: CsvError | undefined) => {
      const line = Number(error?.lines);
      // One line can raise several parser errors; the first says what went wrong.
      if (error && malformed[malformed.length - 1]?.line !== line) {
        malformed.push({ line, error: `malformed CSV: ${error.message}` });
      }
    },
    // The lookup has no line breaks inside fields, so the parser's line count is the row's physical line.
    on_record: (record: string[], info: { lines: number }) => {
      if (columns === undefined) {
        columns = locateLookupColumns(record);
        return null;
      }
      return mapLookupRow(record, info.lines, columns, names);
    },
  };
  // csv-parse's overloads only let on_record change the record's type when `columns` is set.
  const parser = parse(csvOptions as unknown as CsvParseOptions);
  const forwardInputError = (error: Error) => parser.destroy(error);
  input.once('error', forwardInputError);
  input.pipe(parser);
  try {
    for await (const entry of parser as AsyncIterable<PostcodeLookupEntry>) {
      while (malformed.length > 0 && malformed[0]!.line < entry.line) yield malformed.shift()!;
      yield entry;
    }
    if (columns === undefined) {
      throw new ServiceError(
        'invalid_argument',
        'Not an ONS postcode lookup (NSPL or ONSPD): the file is empty',
      );
    }
    yield* malformed;
  } finally {
    input.off('error', forwardInputError);
    input.unpipe(parser);
    parser.destroy();
  }
}

const YEAR_MONTH = /^(\d{4})(0[1-9]|1[0-2])$/;
const GSS_CODE = /^[A-Z]\d{8}$/;

/** One data row as the place of its postcode, or the reason it is refused. */
export function mapLookupRow(
  record: readonly string[],
  line: number,
  columns: LookupColumnIndex,
  names: LocalAuthorityNames,
): PostcodeLookupEntry {
  if (record.length !== columns.fieldCount) {
    return { line, error: `expected ${columns.fieldCount} fields, found ${record.length}` };
  }
  const pcds = record[columns.postcode]!.trim();
  const keys = postcodeKeys(pcds);
  // postcodeKeys gives an outward code for an outward code alone too; a full postcode is longer than its outward.
  if (keys.compact === null || keys.outward === null || keys.outward === keys.compact) {
    return { line, error: `pcds: not a postcode ${JSON.stringify(pcds)}` };
  }

  const doterm = record[columns.terminated]!.trim();
  const terminated = YEAR_MONTH.exec(doterm);
  if (doterm !== '' && terminated === null) {
    return { line, error: `doterm: not a year and month (YYYYMM) ${JSON.stringify(doterm)}` };
  }

  const countryCode = codeOrNone(record[columns.country]);
  if (countryCode !== null && !GSS_CODE.test(countryCode)) {
    return { line, error: `ctry: not an ONS code ${JSON.stringify(countryCode)}` };
  }
  const region = itl1RegionOf(countryCode, codeOrNone(record[columns.region]));
  if (!region.ok) return { line, error: `${region.column}: ${region.error}` };

  const localAuthorityCode = codeOrNone(record[columns.localAuthority]);
  if (localAuthorityCode !== null && !LOCAL_AUTHORITY_CODE.test(localAuthorityCode)) {
    return { line, error: `local authority: not an ONS code ${JSON.stringify(localAuthorityCode)}` };
  }

  return {
    line,
    place: {
      postcodeCompact: keys.compact,
      postcode: `${keys.outward} ${keys.compact.slice(keys.outward.length)}`,
      countryCode,
      regionCode: region.region?.code ?? null,
      localAuthorityCode,
      localAuthorityName: localAuthorityCode === null ? null : (names.get(localAuthorityCode) ?? null),
      terminatedOn: terminated === null ? null : `${terminated[1]}-${terminated[2]}`,
    },
  };
}
