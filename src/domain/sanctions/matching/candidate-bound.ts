import type { MatchWeights } from './match-settings';
import type { SubjectKind } from './screened-subject';
import { MIN_WEIGHT } from './word-weights';

/*
 * The most name score a designation can reach when it shares prefilter keys with only some of the screened
 * name's words, so that the list store need not hand over one that cannot pass: at 12,500 designations a
 * company name with TRADING in it shared a key with about 1,500 designations, and a person named Amadou with
 * 900. The bound takes the best case the keys allow (compare-names.ts has the formula it bounds):
 *
 * - every covered word pairs with full credit, with the most weight a pair can have (the listed word weighing 1);
 * - the designation's shortest name stands (its words beyond the pairs are contradictions or left over);
 * - the uncovered words are left over on the screened side, counted at their weights; left-over listed words
 *   at the least weight a word can have.
 *
 * Keys of the whole name (glued words, acronyms) cover every word. The bound holds while every pairing rule of
 * the matcher has a key (name-tokens.ts): a word that shares no key with a designation earns nothing from it.
 */

const NUMBER = /^\d+$/;

export interface ScreenedWord {
  word: string;
  /** The word's weight on this list (word-weights.ts). */
  weight: number;
}

export function nameScoreBound(
  kind: SubjectKind,
  words: readonly ScreenedWord[],
  covered: ReadonlySet<number>,
  shortestListedName: number,
  weights: MatchWeights,
): number {
  let pairedWeight = 0;
  let uncoveredWeight = 0;
  let uncoveredNumbersOnly = true;
  words.forEach(({ word, weight }, i) => {
    if (covered.has(i)) pairedWeight += (weight + 1) / 2;
    else {
      uncoveredWeight += weight;
      if (!NUMBER.test(word)) uncoveredNumbersOnly = false;
    }
  });
  const pairs = covered.size;
  if (pairs === 0) return 0;
  const unpairedScreened = words.length - pairs;
  const unpairedListed = Math.max(shortestListedName, pairs) - pairs;
  const screenedLonger = unpairedScreened > unpairedListed;
  const leftOverWeight = screenedLonger ? uncoveredWeight / unpairedScreened : MIN_WEIGHT;
  const missing =
    kind === 'entity' && screenedLonger && uncoveredNumbersOnly
      ? Math.min(weights.missingNumber, weights.missingWord.entity)
      : weights.missingWord[kind];
  const divisor =
    pairedWeight +
    Math.min(unpairedScreened, unpairedListed) +
    missing * Math.abs(unpairedScreened - unpairedListed) * leftOverWeight;
  return Math.min(1, pairedWeight / divisor);
}
