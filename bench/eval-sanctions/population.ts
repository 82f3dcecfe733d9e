import { performance } from 'node:perf_hooks';
import { KeyedRandom } from '../../src/demo/details/keyed-random';
import {
  FEMALE_FORENAMES,
  MALE_FORENAMES,
  NATIONALITIES,
  SURNAMES,
} from '../../src/demo/details/details-vocabulary';
import { FIRST_WORDS, SECOND_WORDS, SIC_CODES } from '../../src/demo/demo-register-vocabulary';
import {
  ARABIC_FAMILY_NAMES,
  ARABIC_NAMES,
  OTHER_FORENAMES,
  OTHER_SURNAMES,
  RUSSIAN_FEMALE_FROM,
  RUSSIAN_FORENAMES,
  RUSSIAN_SURNAMES,
} from '../../src/demo/demo-sanctions-vocabulary';
import type { MatchOptions } from '../../src/domain/sanctions/matching/match-settings';
import { matchSubject } from '../../src/domain/sanctions/matching/match-subject';
import type { ScreenedSubject } from '../../src/domain/sanctions/matching/screened-subject';
import type { PrefilterIndex } from './prefilter';

/*
 * The population false-positive rate: people and companies as Companies House gives them (names, month and year
 * of birth, nationality, country of residence), generated from name vocabularies (nobody real), none of them a
 * designated party, screened one by one against a list of the UK list's size through the prefilter and
 * matchSubject, as screen_sanctions screens an officer. Every potential match is a false alarm.
 *
 * Most people are named from the register's vocabulary; a share (`listVocabularyShare`) from the list's own
 * vocabulary (Russian, Arabic and other names), the directors with such names a UK register does hold: they are
 * namesakes of designations, and count apart, since that is where false alarms come from.
 */

export type PopulationGroup = 'register_names' | 'list_vocabulary_names' | 'companies';

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
  listVocabularyShare: number,
): {
  group: PopulationGroup;
  subject: ScreenedSubject;
} {
  const random = new KeyedRandom(seed, `person:${i}`);
  const birth = { year: random.int(1940, 2004), month: random.int(1, 12) };
  const countryOfResidence = random.pick(RESIDENCES);
  if (random.chance(listVocabularyShare)) {
    const style = random.int(0, 2);
    let given: string;
    let surname: string;
    let nationality: string;
    if (style === 0) {
      const f = random.int(0, RUSSIAN_FORENAMES.length - 1);
      given = RUSSIAN_FORENAMES[f]![0];
      const family = random.pick(RUSSIAN_SURNAMES)[0];
      surname = f >= RUSSIAN_FEMALE_FROM ? `${family}A` : family;
      nationality = random.pick(['Russian', 'British', 'Latvian', 'Ukrainian']);
    } else if (style === 1) {
      given = random.pick(ARABIC_NAMES)[0];
      surname = random.pick(ARABIC_FAMILY_NAMES)[0];
      nationality = random.pick(['Iraqi', 'Syrian', 'British', 'Egyptian']);
    } else {
      given = random.pick(OTHER_FORENAMES);
      surname = random.pick(OTHER_SURNAMES);
      nationality = random.pick(['British', 'Venezuelan', 'Iranian', 'Malian']);
    }
    return {
      group: 'list_vocabulary_names',
      subject: { kind: 'person', name: `${surname}, ${given}`, birth, nationality, countryOfResidence },
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

export interface GroupRate {
  group: PopulationGroup;
  screened: number;
  /** Subjects with at least one potential match (all false alarms). */
  flagged: number;
  rate: number;
  candidatesPerSubject: number;
  msPerSubject: number;
  examples: { subject: string; party: string; score: number }[];
}

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
        rate: 0,
        candidatesPerSubject: 0,
        msPerSubject: 0,
        examples: [],
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
    if (matches.length > 0) {
      rate.flagged++;
      if (rate.examples.length < 5) {
        const best = matches[0]!;
        rate.examples.push({
          subject: subject.name,
          party: best.explanation.name?.listed.text ?? best.party.id,
          score: best.score,
        });
      }
    }
  }
  return [...groups.values()].map(({ ms, candidates, ...rate }) => ({
    ...rate,
    rate: rate.flagged / rate.screened,
    candidatesPerSubject: candidates / rate.screened,
    msPerSubject: ms / rate.screened,
  }));
}
