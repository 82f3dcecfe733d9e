import { ServiceError } from '../errors';
import { sicCodeSchema } from './company-profile';
import { parsePostcodeFilter } from './postcode';

/*
 * The register's SIC-code and postcode filters as SQL on the companies table aliased `c`, shared by
 * search_companies and the change feed so both read "LS1" or "62020" the same way. `noIndex` ('+') keeps
 * SQLite's planner off an index where the caller knows a better one.
 */

export interface Sql {
  text: string;
  params: unknown[];
}

export function invalidArgument(argument: string, message: string): ServiceError {
  return new ServiceError('invalid_argument', `${argument}: ${message}`, { argument });
}

export function sicCodeFilterSql(raw: string, noIndex: '' | '+' = ''): Sql {
  const code = raw.trim();
  if (!sicCodeSchema.safeParse(code).success)
    throw invalidArgument('sic_code', `"${raw}" is not a SIC code (4 or 5 digits, such as 62020)`);
  return {
    text: `${noIndex}c.company_number in (select s.company_number from company_sic_codes s where s.sic_code = ?)`,
    params: [code],
  };
}

/** A full postcode, a sector or an outward code; space and case do not matter. */
export function postcodeFilterSql(raw: string, noIndex: '' | '+' = ''): Sql {
  const postcode = parsePostcodeFilter(raw);
  if (postcode.kind === 'full')
    return {
      text: `${noIndex}c.postcode_outward = ? and c.postcode_compact = ?`,
      params: [postcode.outward, postcode.compact],
    };
  if (postcode.kind === 'sector')
    return {
      text: `${noIndex}c.postcode_outward = ? and c.postcode_compact >= ? and c.postcode_compact < ?`,
      params: [postcode.outward, postcode.compactPrefix, nextPrefix(postcode.compactPrefix)],
    };
  return { text: `${noIndex}c.postcode_outward = ?`, params: [postcode.outward] };
}

/**
 * The smallest string greater than every string starting with `prefix`, in byte order (SQLite's BINARY, and the
 * "C" collation normalised_name has on PostgreSQL): its last character plus one. UTF-8 keeps code point order.
 */
export function nextPrefix(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop()!;
  return chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}
