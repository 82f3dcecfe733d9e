import { transliterate } from 'transliteration';
import type { KeyedRandom } from '../../src/demo/details/keyed-random';

/*
 * People on a UK register with names from the countries the sanctions list's designations come from (Russia,
 * Belarus, Ukraine, China, Korea, Turkey, the Caucasus, Latin America), written as Companies House writes a foreign
 * director: Latin script, "SURNAME, Forenames". Their names come from a name pool that owes nothing to the list's
 * own words (faker's locale data, bench/eval-sanctions/faker-list-regions.ts), so a flag on one of them is what a
 * real register would raise: a chance namesake or a near name, not the demo list's small vocabulary echoed back.
 */

/** A name pool per sex, where the source splits them, and `generic` for names of either sex. */
export interface SexedNames {
  female?: readonly string[];
  male?: readonly string[];
  generic?: readonly string[];
}

export type Romanisation = 'alphabetic' | 'syllabic';

export interface ListRegion {
  /** The source's locale code, for the report. */
  locale: string;
  /** Relative share of the group's people. */
  weight: number;
  /** [Companies House nationality, weight]: mostly the region's, some British. */
  nationalities: readonly (readonly [string, number])[];
  forenames: SexedNames;
  surnames: SexedNames;
  /** Patronymics (Russian, Ukrainian), given as a middle name about half the time. */
  patronymics?: SexedNames;
  /** Surnames joined in pairs about half the time (Spanish: paternal and maternal). */
  doubleSurnameShare?: number;
  /** `syllabic`: Chinese and Korean, whose transliteration comes as syllables, written as one word. */
  romanisation: Romanisation;
}

/** As the UK list and a British passport office write Cyrillic Ц and Х (KUZNETSOV, KHODORKOVSKY). */
const CYRILLIC_REPLACEMENTS: [string, string][] = [
  ['ц', 'ts'],
  ['Ц', 'Ts'],
  ['х', 'kh'],
  ['Х', 'Kh'],
  // Azerbaijani schwa: MAMMADOV, ALIYEV
  ['ə', 'a'],
  ['Ə', 'A'],
];

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

const LATIN_NAME = /^[A-Za-z][A-Za-z' -]*$/;

/** A name as Companies House would print it in Latin script, or null when the source gives nothing usable. */
export function romanise(name: string, romanisation: Romanisation): string | null {
  let latin = transliterate(name, { replace: CYRILLIC_REPLACEMENTS })
    .replace(/[`'"’]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (romanisation === 'syllabic') latin = capitalised(latin.replace(/[ -]/g, ''));
  return LATIN_NAME.test(latin) ? latin : null;
}

const forenameCase = (name: string) => name.split(' ').map(capitalised).join(' ');

/** The names of that sex and those for either. */
function pool(names: SexedNames, sex: 'female' | 'male'): readonly string[] {
  return [...(names[sex] ?? []), ...(names.generic ?? [])];
}

/** The region's names romanised once, those that cannot be written in Latin script left out. */
export function romanisedRegion(region: ListRegion): ListRegion {
  const romaniseAll = (names: SexedNames | undefined): SexedNames | undefined => {
    if (!names) return undefined;
    const out: SexedNames = {};
    for (const key of ['female', 'male', 'generic'] as const) {
      const list = names[key];
      if (list)
        out[key] = [...new Set(list.map((n) => romanise(n, region.romanisation)))].filter((n) => n !== null);
    }
    return out;
  };
  return {
    ...region,
    forenames: romaniseAll(region.forenames)!,
    surnames: romaniseAll(region.surnames)!,
    patronymics: romaniseAll(region.patronymics),
  };
}

/** One person of a (romanised) region: "SURNAME, Forenames" and a nationality. */
export function listRegionPerson(
  random: KeyedRandom,
  regions: readonly ListRegion[],
): { name: string; nationality: string; locale: string } {
  const region = random.weighted(regions.map((r) => [r, r.weight] as const));
  const sex = random.chance(0.5) ? 'female' : 'male';
  const forenames = pool(region.forenames, sex);
  const surnames = pool(region.surnames, sex);
  if (forenames.length === 0 || surnames.length === 0)
    throw new Error(`locale ${region.locale} has no ${sex} names in Latin script`);
  const given = [random.pick(forenames)];
  const patronymics = region.patronymics ? pool(region.patronymics, sex) : [];
  if (patronymics.length > 0 && random.chance(0.5)) given.push(random.pick(patronymics));
  const surname = [random.pick(surnames)];
  if (random.chance(region.doubleSurnameShare ?? 0)) surname.push(random.pick(surnames));
  return {
    name: `${surname.join(' ').toUpperCase()}, ${given.map(forenameCase).join(' ')}`,
    nationality: random.weighted(region.nationalities),
    locale: region.locale,
  };
}
