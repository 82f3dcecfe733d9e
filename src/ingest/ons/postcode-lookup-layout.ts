import { ServiceError } from '../../domain/errors';

/*
 * The columns read from the ONS postcode lookup, found by name, not position: the ONS adds, drops and reorders
 * columns between releases, and renamed them in 2025. Read the same way from:
 * - the National Statistics Postcode Lookup up to 2024 (NSPL21_AUG_2024_UK.csv: pcd, pcd2, pcds, dointr, doterm,
 *   usertype, …, laua, ward, nhser, ctry, rgn, pcon, ttwa, itl, …);
 * - the ONS Postcode Directory up to 2024 (ONSPD_FEB_2024_UK.csv: …, doterm, oscty, ced, oslaua, osward, …, ctry,
 *   rgn, …);
 * - both from 2025 on, whose names carry the year of the geography (pcd7, pcd8, pcds, dointr, doterm, usrtypind,
 *   …, lad25cd, wd25cd, …, ctry25cd, rgn25cd, …).
 * Names are compared in lower case, trimmed. Everything else in the file is ignored.
 */

export type LookupColumn = 'postcode' | 'terminated' | 'localAuthority' | 'country' | 'region';

interface ColumnSpec {
  column: LookupColumn;
  /** How a missing column is named in the error. */
  label: string;
  accepts: (name: string) => boolean;
}

const COLUMN_SPECS: readonly ColumnSpec[] = [
  { column: 'postcode', label: 'pcds', accepts: (name) => name === 'pcds' },
  { column: 'terminated', label: 'doterm', accepts: (name) => name === 'doterm' },
  {
    column: 'localAuthority',
    label: 'the local authority (laua, oslaua or ladYYcd)',
    accepts: (name) => name === 'laua' || name === 'oslaua' || /^lad\d{2}cd$/.test(name),
  },
  {
    column: 'country',
    label: 'the country (ctry or ctryYYcd)',
    accepts: (name) => name === 'ctry' || /^ctry\d{2}cd$/.test(name),
  },
  {
    column: 'region',
    label: 'the region (rgn or rgnYYcd)',
    accepts: (name) => name === 'rgn' || /^rgn\d{2}cd$/.test(name),
  },
];

export type LookupColumnIndex = Record<LookupColumn, number> & { fieldCount: number };

/** Where each column is in this file's header; a header without them all is refused, naming every one missing. */
export function locateLookupColumns(header: readonly string[]): LookupColumnIndex {
  const names = header.map((name) => name.trim().toLowerCase());
  const index: Partial<Record<LookupColumn, number>> = {};
  const missing: string[] = [];
  const ambiguous: string[] = [];
  for (const spec of COLUMN_SPECS) {
    const found = names.flatMap((name, i) => (spec.accepts(name) ? [i] : []));
    if (found.length === 0) missing.push(spec.label);
    else if (found.length > 1) ambiguous.push(`${spec.label}: ${found.map((i) => header[i]).join(', ')}`);
    else index[spec.column] = found[0];
  }
  if (missing.length > 0 || ambiguous.length > 0) {
    const problems = [
      ...(missing.length > 0 ? [`missing ${missing.join('; ')}`] : []),
      ...(ambiguous.length > 0 ? [`more than one column for ${ambiguous.join('; ')}`] : []),
    ];
    throw new ServiceError(
      'invalid_argument',
      `Not an ONS postcode lookup (NSPL or ONSPD) header: ${problems.join('; ')}`,
      { missing, ambiguous },
    );
  }
  return { ...(index as Record<LookupColumn, number>), fieldCount: header.length };
}

/** ONS pseudo codes (E99999999, W99999999, L99999999, M99999999…) stand for "none" in a geography's column. */
const PSEUDO_CODE = /^[A-Z]99999999$/;

/** A code field as a code, or null when it is blank or a pseudo code. */
export function codeOrNone(field: string | undefined): string | null {
  const value = (field ?? '').trim().toUpperCase();
  return value === '' || PSEUDO_CODE.test(value) ? null : value;
}
