import { COUNTRIES } from './countries';
import type { MatchWeights } from './match-settings';
import { toAsciiUpper } from './normalise-name';

/*
 * Nationality and country of residence, compared as countries: each side is read to ISO codes through the
 * country table ("Russian" and "Russia" are RU, "England" is GB); a value the table does not know is compared as
 * written. Agreement on any one country supports a match (people hold two nationalities; designations list
 * several addresses); known values with nothing in common weigh against it; a missing value changes nothing.
 */

export const nationalityRules = ['nationality_agrees', 'nationality_differs', 'nationality_unknown'] as const;
export type NationalityRule = (typeof nationalityRules)[number];
export const residenceRules = ['residence_agrees', 'residence_differs', 'residence_unknown'] as const;
export type ResidenceRule = (typeof residenceRules)[number];

export interface CountryComparison<Rule extends string> {
  rule: Rule;
  adjustment: number;
  /** The countries (codes, or words the table does not know) each side gave, and those they share. */
  subject: string[];
  listed: string[];
  shared: string[];
}

const byName = new Map<string, string>();
for (const [code, ...names] of COUNTRIES) {
  byName.set(code, code);
  for (const name of names) byName.set(normaliseCountry(name), code);
}

function normaliseCountry(text: string): string {
  return toAsciiUpper(text)
    .replace(/['\u2019]/g, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim();
}

/**
 * The countries a value names: "British" is [GB], "British,Russian" is [GB, RU], "Bosnia and Herzegovina" is
 * [BA]. A value the table does not know is kept as written (normalised).
 */
export function countryCodes(text: string | null): string[] {
  if (text === null) return [];
  let codes = codesByValue.get(text);
  if (codes === undefined) {
    codes = codesOf(text);
    if (codesByValue.size >= CODES_KEPT) codesByValue.clear();
    codesByValue.set(text, codes);
  }
  return codes;
}

/** Values read so far: every pair compared reads the same few nationalities and countries again. */
const codesByValue = new Map<string, string[]>();
const CODES_KEPT = 10_000;

function codesOf(text: string): string[] {
  const whole = normaliseCountry(text);
  if (whole === '') return [];
  const known = byName.get(whole);
  if (known) return [known];
  const parts = text
    .split(/[,;/|]|\bAND\b|\band\b/)
    .map(normaliseCountry)
    .filter((part) => part !== '');
  if (parts.length <= 1) return [whole];
  return [...new Set(parts.map((part) => byName.get(part) ?? part))];
}

function compareCountries<Rule extends string>(
  subjectValues: readonly (string | null)[],
  listedValues: readonly string[],
  weights: { agrees: number; differs: number },
  rules: { agrees: Rule; differs: Rule; unknown: Rule },
): CountryComparison<Rule> {
  const subject = [...new Set(subjectValues.flatMap(countryCodes))];
  const listed = [...new Set(listedValues.flatMap(countryCodes))];
  const shared = subject.filter((country) => listed.includes(country));
  if (subject.length === 0 || listed.length === 0)
    return { rule: rules.unknown, adjustment: 0, subject, listed, shared };
  return shared.length > 0
    ? { rule: rules.agrees, adjustment: weights.agrees, subject, listed, shared }
    : { rule: rules.differs, adjustment: weights.differs, subject, listed, shared };
}

export function compareNationality(
  nationality: string | null,
  listed: readonly string[],
  weights: MatchWeights['nationality'],
): CountryComparison<NationalityRule> {
  return compareCountries([nationality], listed, weights, {
    agrees: 'nationality_agrees',
    differs: 'nationality_differs',
    unknown: 'nationality_unknown',
  });
}

export function compareResidence(
  countryOfResidence: string | null,
  listed: readonly string[],
  weights: MatchWeights['residence'],
): CountryComparison<ResidenceRule> {
  return compareCountries([countryOfResidence], listed, weights, {
    agrees: 'residence_agrees',
    differs: 'residence_differs',
    unknown: 'residence_unknown',
  });
}
