import { parse, type CsvError } from 'csv-parse';
import type { Readable } from 'node:stream';
import { ServiceError } from '../../domain/errors';
import { LOCAL_AUTHORITY_CODE } from '../../domain/places/local-authority-code';
import { codeOrNone } from './postcode-lookup-layout';

/*
 * The local authority names file that ships with the lookup, in its Documents folder ("LA_UA names and codes UK
 * as at 04_24.csv": LAD24CD, LAD24NM, LAD24NMW). The year in the column names changes with the release, so the
 * columns are found by their pattern (ladYYcd, ladYYnm, any case); the Welsh names are not read. Its pseudo rows
 * ("(pseudo) Channel Islands", "(pseudo) Isle of Man") name no local authority and are passed over.
 */

export interface LocalAuthorityNamesFile {
  names: { code: string; name: string }[];
  rejected: { line: number; error: string }[];
}

export async function readLocalAuthorityNamesCsv(input: Readable): Promise<LocalAuthorityNamesFile> {
  const result: LocalAuthorityNamesFile = { names: [], rejected: [] };
  let code = -1;
  let name = -1;
  let header = false;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (error: CsvError | undefined) => {
      if (error)
        result.rejected.push({ line: Number(error.lines), error: `malformed CSV: ${error.message}` });
    },
  });
  input.once('error', (error) => parser.destroy(error));
  input.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    if (!header) {
      header = true;
      const names = record.map((field) => field.trim().toLowerCase());
      code = names.findIndex((field) => /^lad\d{2}cd$/.test(field));
      name = names.findIndex((field) => /^lad\d{2}nm$/.test(field));
      const missing = [...(code < 0 ? ['LADyyCD'] : []), ...(name < 0 ? ['LADyyNM'] : [])];
      if (missing.length > 0) {
        throw new ServiceError(
          'invalid_argument',
          `Not an ONS local authority names file (LA_UA names and codes): missing ${missing.join(', ')}`,
          { missing },
        );
      }
      continue;
    }
    const rawCode = (record[code] ?? '').trim().toUpperCase();
    if (codeOrNone(rawCode) === null) continue;
    if (!LOCAL_AUTHORITY_CODE.test(rawCode)) {
      result.rejected.push({
        line: info.lines,
        error: `not a local authority code ${JSON.stringify(rawCode)}`,
      });
      continue;
    }
    const rawName = (record[name] ?? '').trim();
    if (rawName === '') {
      result.rejected.push({ line: info.lines, error: `${rawCode}: no name` });
      continue;
    }
    result.names.push({ code: rawCode, name: rawName });
  }
  if (!header) {
    throw new ServiceError('invalid_argument', 'Not an ONS local authority names file: the file is empty');
  }
  return result;
}
