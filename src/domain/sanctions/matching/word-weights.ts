import type { ListedParty } from './listed-party';
import { normaliseName } from './normalise-name';
import type { SubjectKind } from './screened-subject';

/*
 * How much a word tells one name from another, by how common it is on the list: MOHAMMAD, ALI and KIM among
 * individuals, TRADING, BANK, INTERNATIONAL and AL among entities are on so many designations that two names
 * agreeing on them say little, and two names differing in them say little too. A word on at most COMMON_SHARE of
 * a kind's designations weighs 1; above that its weight falls with the logarithm of its share, one WEIGHT_PER_DECADE
 * for each tenfold, to at least MIN_WEIGHT:
 *
 *   weight = max(MIN_WEIGHT, 1 − WEIGHT_PER_DECADE × log10(share / COMMON_SHARE))
 *
 * A word on 5 % of the individuals weighs 0.5, on 50 % 0.25. The statistics are the list's own, taken once per
 * list version; a list with fewer than MIN_DESIGNATIONS of a kind gives that kind no weights (too few names to
 * say which are common).
 */

export const COMMON_SHARE = 0.005;
export const WEIGHT_PER_DECADE = 0.5;
export const MIN_WEIGHT = 0.25;
export const MIN_DESIGNATIONS = 200;

/** Words that weigh less than 1, per kind of name (people: individuals; entities: entities and ships). */
export type WordWeights = Readonly<Record<SubjectKind, ReadonlyMap<string, number>>>;

export const NO_WORD_WEIGHTS: WordWeights = { person: new Map(), entity: new Map() };

export function weightOfShare(share: number): number {
  if (share <= COMMON_SHARE) return 1;
  return Math.max(MIN_WEIGHT, 1 - WEIGHT_PER_DECADE * Math.log10(share / COMMON_SHARE));
}

/** The word weights of a list: each word's share of the designations of its kind whose names have it. */
export function listWordWeights(parties: readonly ListedParty[]): WordWeights {
  const counts = { person: new Map<string, number>(), entity: new Map<string, number>() };
  const designations = { person: 0, entity: 0 };
  for (const party of parties) {
    const kind: SubjectKind = party.type === 'individual' ? 'person' : 'entity';
    designations[kind] += 1;
    const words = new Set(party.names.flatMap((name) => normaliseName(name.text, kind).tokens));
    for (const word of words) counts[kind].set(word, (counts[kind].get(word) ?? 0) + 1);
  }
  const weightsOf = (kind: SubjectKind) => {
    const weights = new Map<string, number>();
    if (designations[kind] < MIN_DESIGNATIONS) return weights;
    for (const [word, count] of counts[kind]) {
      const weight = weightOfShare(count / designations[kind]);
      if (weight < 1) weights.set(word, Math.round(weight * 1000) / 1000);
    }
    return weights;
  };
  return { person: weightsOf('person'), entity: weightsOf('entity') };
}
