import { registryLabel } from '../registry-labels';

/*
 * OFAC's Remarks name a number's country, not its registry ("Registration ID 1027739609391 (Russia)", "Company
 * Number 04567890 (United Kingdom)", "Tax ID No. 7702070139 (Russia)"). Each is rewritten for the identifier reader
 * with the label of the one registry its country and shape name (../registry-labels.ts), or, when they name none,
 * with a label the reader does not take: a Cypriot "Company Number" must not be read as a Companies House one. The
 * clauses as published stay in the designation's other information (the whole Remarks).
 */

const CLAUSE =
  /^(Business Registration Number|Registration Number|Registration ID|Company Number|Tax ID No\.)\s+(\S+)\s*\(([^)]+)\)$/i;

/** Country names as OFAC writes them, for the countries whose registries the identifier reader knows. */
const COUNTRIES: Readonly<Record<string, string>> = { russia: 'RU', 'united kingdom': 'GB' };

/** A registration or tax clause as the identifier reader should see it. */
export function ofacRegistrationNumber(clause: string): string {
  const parts = CLAUSE.exec(clause);
  if (parts === null) return clause;
  const [, written, number, country] = parts as unknown as [string, string, string, string];
  const tax = /^tax/i.test(written);
  const label = registryLabel(tax ? 'tax' : 'registration', COUNTRIES[country.toLowerCase()] ?? null, number);
  if (label !== null) return `${label} ${number} (${country})`;
  // A tax number stays under its own label (a scheme of its own, compared only with tax numbers).
  return tax ? clause : `Registration ${number} (${country})`;
}
