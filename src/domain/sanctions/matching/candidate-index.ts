import { nameScoreBound } from './candidate-bound';
import type { MatchWeights } from './match-settings';
import { nameKeysByWord } from './name-tokens';
import type { SubjectKind } from './screened-subject';
import type { WordWeights } from './word-weights';

/*
 * The prefilter: designations by the keys of their names (name-tokens.ts), and for a screened name those worth
 * comparing in full: sharing a key, and, given a bound, able to reach the name score a pass needs from the words
 * they share a key with (candidate-bound.ts). One implementation for the list store's index and the evaluation,
 * so that the evaluation measures the prefilter screening uses.
 */

/** Words of at most this many letters count as shared with every candidate (see candidates). */
const SHORT_WORD = 4;

export interface PassingBound {
  /** Per kind: the threshold over the most the other features can multiply a name score by. */
  minNameScore: Record<SubjectKind, number>;
  weights: MatchWeights;
  wordWeights: WordWeights;
}

export class CandidateIndex<T> {
  private readonly byKey = new Map<string, T[]>();
  /** The fewest words any of an item's names has: what the bound assumes of the name that matches. */
  private readonly shortestName = new Map<T, number>();

  /** Indexes one designation's names, read as `kind`; items must be added once each. */
  add(item: T, names: readonly string[], kind: SubjectKind): void {
    const keys = new Set<string>();
    let shortest = Infinity;
    for (const name of names) {
      const { words, wholeName } = nameKeysByWord(name, kind, 'listed');
      shortest = Math.min(shortest, words.length);
      for (const key of [...wholeName, ...words.flatMap((word) => word.keys)]) keys.add(key);
    }
    for (const key of keys) {
      const items = this.byKey.get(key);
      if (items === undefined) this.byKey.set(key, [item]);
      else items.push(item);
    }
    this.shortestName.set(item, shortest);
  }

  /** Items sharing a key with `name` read as `kind` (and, with a bound, able to pass), in the order added. */
  candidates(name: string, kind: SubjectKind, bound?: PassingBound): Set<T> {
    const { words, wholeName } = nameKeysByWord(name, kind, 'screened');
    const found = new Set<T>();
    if (bound === undefined) {
      for (const key of [...wholeName, ...words.flatMap((word) => word.keys)])
        for (const item of this.byKey.get(key) ?? []) found.add(item);
      return found;
    }
    // an item sharing a whole-name key (glued words, an acronym) is compared whole: no bound applies
    for (const key of wholeName) for (const item of this.byKey.get(key) ?? []) found.add(item);
    // which of the name's words each other item shares a key with; a short word counts as shared whatever its
    // keys, since short words pair by spelling without one (CHOI / CHOE, an initial, RAWI / LRVI)
    const short = words.flatMap(({ word }, i) => (word.length <= SHORT_WORD ? [i] : []));
    const covered = new Map<T, Set<number>>();
    words.forEach(({ keys }, i) => {
      for (const key of keys)
        for (const item of this.byKey.get(key) ?? []) {
          if (found.has(item)) continue;
          let coveredWords = covered.get(item);
          if (coveredWords === undefined) {
            coveredWords = new Set(short);
            covered.set(item, coveredWords);
          }
          coveredWords.add(i);
        }
    });
    const weighed = words.map(({ word }) => ({ word, weight: bound.wordWeights[kind].get(word) ?? 1 }));
    for (const [item, coveredWords] of covered)
      if (
        nameScoreBound(kind, weighed, coveredWords, this.shortestName.get(item)!, bound.weights) >=
        bound.minNameScore[kind]
      )
        found.add(item);
    return found;
  }
}
