import { performance } from 'node:perf_hooks';
import { KeyedRandom } from '../../src/demo/details/keyed-random';
import {
  FEMALE_FORENAMES,
  MALE_FORENAMES,
  NATIONALITIES,
  SURNAMES,
} from '../../src/demo/details/details-vocabulary';
import { FIRST_WORDS, SECOND_WORDS, SIC_CODES } from '../../src/demo/demo-register-vocabulary';
import type { ListedParty } from '../../src/domain/sanctions/matching/listed-party';
import type { MatchOptions } from '../../src/domain/sanctions/matching/match-settings';
import { matchSubject } from '../../src/domain/sanctions/matching/match-subject';
import type { ScreenedSubject } from '../../src/domain/sanctions/matching/screened-subject';
import { listRegionPerson, type ListRegion } from './list-region-names';
import type { PrefilterIndex } from './prefilter';
import { sameFullName } from './same-full-name';

/*
 * The population false-positive rate: people and companies as Companies House gives them (names, month and year
 * of birth, nationality, country of residence), generated from name vocabularies (nobody real), none of them a
 * designated party, screened one by one against a list of the UK list's size through the prefilter and
 * matchSubject, as screen_sanctions screens an officer. Every potential match is a false alarm.
 *
 * Most people are named from the register's vocabulary; a share (`listRegionShare`) have names from the regions
 * the list's designations come from, in Latin script as Companies House writes them, drawn from a name pool that
 * is not the list's (list-region-names.ts): the directors a UK register does hold whose names look like the
 * list's. They count apart, since that is where false alarms come from. Among the flagged, a person who bears a
 * listed name of the designation word for word (sameFullName) is a namesake: any matcher flags them. The others
 * are flagged on a variant: what this matcher adds.
 */

export type PopulationGroup = 'register_names' | 'list_region_names' | 'companies';

const RESIDENCES = [
  'England',
  'England',
  'England',
  'Scotland',
  'Wales',
  'Northern Ireland',
  'United Kingdom',
];

export function populationPerson(
  seed: number,
  i: number,
  listRegionShare: number,
  listRegions: readonly ListRegion[],
): {
  group: PopulationGroup;
  subject: ScreenedSubject;
} {
  const random = new KeyedRandom(seed, `person:${i}`);
  const birth = { year: random.int(1940, 2004), month: random.int(1, 12) };
  const countryOfResidence = random.pick(RESIDENCES);
  if (random.chance(listRegionShare)) {
    const { name, nationality } = listRegionPerson(random, listRegions);
    return {
      group: 'list_region_names',
      subject: { kind: 'person', name, birth, nationality, countryOfResidence },
    };
  }
  const forenames = random.chance(0.5) ? MALE_FORENAMES : FEMALE_FORENAMES;
  const given = random.chance(0.4)
    ? `${random.pick(forenames)} ${random.pick(forenames)}`
    : random.pick(forenames);
  const name = `${random.pick(SURNAMES)}, ${given.replace(/\b([A-Z])([A-Z]+)/g, (_, a: string, b: string) => a + b.toLowerCase())}`;
  return {
    group: 'register_names',
    subject: { kind: 'person', name, birth, nationality: random.weighted(NATIONALITIES), countryOfResidence },
  };
}

export function populationCompany(seed: number, i: number): ScreenedSubject {
  const random = new KeyedRandom(seed, `company:${i}`);
  const sic = random.pick(SIC_CODES);
  const words = [random.pick(FIRST_WORDS), random.pick(SECOND_WORDS)];
  if (sic.words.length > 0 && random.chance(0.7)) words.push(random.pick(sic.words).toUpperCase());
  words.push(random.chance(0.9) ? 'LIMITED' : 'LTD');
  return {
    kind: 'entity',
    name: words.join(' '),
    birth: null,
    nationality: null,
    countryOfResidence: null,
  };
}

export interface FlagExample {
  subject: string;
  /** The listed name the subject was flagged on (its best match, or for a namesake the name it bears). */
  party: string;
  score: number;
}

export interface GroupRate {
  group: PopulationGroup;
  screened: number;
  /** Subjects with at least one potential match (all false alarms). */
  flagged: number;
  /** Flagged people who bear a name of a designation they match, word for word: namesakes any matcher flags. */
  sameFullName: number;
  /** Flagged on a name that is not theirs word for word: what the matcher reads as a variant. */
  variant: number;
  rate: number;
  candidatesPerSubject: number;
  msPerSubject: number;
  examples: { sameFullName: FlagExample[]; variant: FlagExample[] };
}

const EXAMPLES = 5;

export function screenPopulation(
  index: PrefilterIndex,
  subjects: Iterable<{ group: PopulationGroup; subject: ScreenedSubject }>,
  options: MatchOptions,
): GroupRate[] {
  const groups = new Map<PopulationGroup, GroupRate & { ms: number; candidates: number }>();
  for (const { group, subject } of subjects) {
    let rate = groups.get(group);
    if (!rate) {
      rate = {
        group,
        screened: 0,
        flagged: 0,
        sameFullName: 0,
        variant: 0,
        rate: 0,
        candidatesPerSubject: 0,
        msPerSubject: 0,
        examples: { sameFullName: [], variant: [] },
        ms: 0,
        candidates: 0,
      };
      groups.set(group, rate);
    }
    const start = performance.now();
    const candidates = index.candidatesFor(subject.name, subject.kind);
    const matches = matchSubject(subject, candidates, options);
    rate.ms += performance.now() - start;
    rate.screened++;
    rate.candidates += candidates.length;
    if (matches.length === 0) continue;
    rate.flagged++;
    const namesake = namesakeOf(subject.name, matches);
    const kind = namesake ? 'sameFullName' : 'variant';
    rate[kind]++;
    if (rate.examples[kind].length < EXAMPLES) {
      const best = matches[0]!;
      rate.examples[kind].push(
        namesake ?? {
          subject: subject.name,
          party: best.explanation.name?.listed.text ?? best.party.id,
          score: best.score,
        },
      );
    }
  }
  return [...groups.values()].map(({ ms, candidates, ...rate }) => ({
    ...rate,
    rate: rate.flagged / rate.screened,
    candidatesPerSubject: candidates / rate.screened,
    msPerSubject: ms / rate.screened,
  }));
}

/** The first match whose designation has, among its names, the subject's own name word for word. */
export function namesakeOf(
  subject: string,
  matches: readonly { party: ListedParty; score: number }[],
): FlagExample | null {
  for (const match of matches) {
    const listed = match.party.names.find((name) => sameFullName(subject, name.text));
    if (listed) return { subject, party: listed.text, score: match.score };
  }
  return null;
}
