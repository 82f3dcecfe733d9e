import { normaliseCompanyNumber } from '../../companies/company-number';
import type { Identifier, IdentifierScheme } from './identifier';
import { isValidImoNumber } from './imo-number';
import { isValidInn, isValidOgrn } from './russian-registry-numbers';

/*
 * The list's "Business registration number (s)" is free text: "INN 7707083893", "OGRN: 1027700132195", "Company
 * number 01234567", "Tax ID No. 12345", several in one cell ("(1) INN … (2) OGRN …", "; "-separated). A number is
 * read only where a label says which registry issued it: a bare number could be any registry's (a foreign
 * register's numbers look like Companies House ones), and a wrong scheme would make a namesake an identifier
 * match. Company numbers are read as Companies House writes them (8 characters; a lost leading zero, "1234567",
 * restored), Russian numbers and IMO numbers only when their check digits hold. Anything else is left unread:
 * it stays on the designation as published, and is simply not evidence.
 */

interface Label {
  scheme: IdentifierScheme;
  pattern: string;
}

// Longer labels first, so "OGRNIP" is not read as "OGRN" and "Company registration number" not as a bare label.
const LABELS: readonly Label[] = [
  { scheme: 'ru-ogrn', pattern: 'OGRNIP|OGRN|ОГРНИП|ОГРН' },
  { scheme: 'ru-inn', pattern: 'INN|ИНН' },
  { scheme: 'imo', pattern: 'IMO' },
  {
    scheme: 'gb-coh',
    pattern:
      'Companies\\s+House(?:\\s+(?:registration\\s+)?(?:number|no\\.?))?|Company\\s+(?:registration\\s+)?(?:number|no\\.?)|CRN',
  },
  { scheme: 'tax-id', pattern: 'Tax\\s+(?:ID|identification)(?:\\s+(?:number|no\\.?))?|TIN' },
];

// A label, then optional "No." / "number" / ":" / "#", then the number: digits, or a Companies House prefix and
// digits ("SC 123456"). Lookarounds stand for word boundaries, which JavaScript does not give Cyrillic letters.
const ENTRY = new RegExp(
  `(?<![\\p{L}\\p{N}])(${LABELS.map((label) => `(?:${label.pattern})`).join('|')})(?![\\p{L}])` +
    `\\s*(?:(?:number|no)\\.?\\s*)?[:#.\\-–]?\\s*` +
    `([A-Z]{2}\\s?\\d{6}(?!\\d)|[A-Z]{0,3}\\d[\\d\\-]*\\d|\\d)`,
  'giu',
);

function schemeOf(label: string): IdentifierScheme {
  for (const { scheme, pattern } of LABELS)
    if (new RegExp(`^(?:${pattern})$`, 'iu').test(label)) return scheme;
  throw new Error(`no scheme for label ${label}`);
}

/** The canonical value of a number read under a scheme, or null when it is not a valid number of that scheme. */
export function canonicalIdentifierValue(scheme: IdentifierScheme, written: string): string | null {
  const compact = written.replace(/[\s\-–]/g, '').toUpperCase();
  switch (scheme) {
    case 'gb-coh': {
      // Seven digits is a number that lost its leading zero; fewer is too short to be read as ours.
      if (/^\d{1,6}$/.test(compact)) return null;
      const number = normaliseCompanyNumber(compact);
      return number.ok ? number.companyNumber : null;
    }
    case 'ru-inn':
      return isValidInn(compact) ? compact : null;
    case 'ru-ogrn':
      return isValidOgrn(compact) ? compact : null;
    case 'imo':
      return isValidImoNumber(compact) ? compact : null;
    case 'tax-id':
      return /^[A-Z0-9]{5,20}$/.test(compact) ? compact : null;
  }
}

/** The identifiers one cell of "Business registration number (s)" names, each once, in the order written. */
export function parseRegistrationNumbers(cell: string): Identifier[] {
  const found: Identifier[] = [];
  for (const match of cell.matchAll(ENTRY)) {
    const scheme = schemeOf(match[1]!);
    const value = canonicalIdentifierValue(scheme, match[2]!);
    if (value === null) continue;
    if (found.some((known) => known.scheme === scheme && known.value === value)) continue;
    found.push({ scheme, value, as_written: match[0].trim() });
  }
  return found;
}

/**
 * The list's "IMO number" column: the number alone ("9074729") or labelled ("IMO 9074729"), sometimes several.
 * The column says the scheme, so a bare seven-digit number is read, if its check digit holds.
 */
export function parseImoNumbers(cell: string): Identifier[] {
  const found: Identifier[] = [];
  for (const match of cell.matchAll(/(?:IMO\s*(?:number|no\.?)?\s*[:#.]?\s*)?(?<!\d)(\d{7})(?!\d)/gi)) {
    const value = match[1]!;
    if (!isValidImoNumber(value) || found.some((known) => known.value === value)) continue;
    found.push({ scheme: 'imo', value, as_written: match[0].trim() });
  }
  return found;
}
