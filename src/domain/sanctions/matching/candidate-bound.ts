import type { MatchWeights } from './match-settings';

/*
 * The most name score an entity designation can reach when it shares prefilter keys with only some of the
 * screened name's words: every covered word paired with full credit (and the most weight a pair can have, the
 * listed word weighing 1), every uncovered word left over. Entities count a left-over word in full (missingWord
 * 1; a number only one name has, missingNumber), so a company that shares only TRADING with a designation
 * cannot reach the threshold, and the list store need not hand the designation over: at 12,500 designations a
 * company name with TRADING in it shared a key with about 1,500 of them.
 *
 * Keys of the whole name (glued words, acronyms) cover every word. People are not bounded: a person's left-over
 * word is a middle name or a patronymic that counts little, so one shared forename can still make a match.
 */

const NUMBER = /^\d+$/;

export interface ScreenedWord {
  word: string;
  /** The word's weight on this list (word-weights.ts). */
  weight: number;
}

export function entityNameScoreBound(
  words: readonly ScreenedWord[],
  covered: ReadonlySet<number>,
  weights: MatchWeights,
): number {
  let paired = 0;
  let leftOver = 0;
  words.forEach(({ word, weight }, i) => {
    if (covered.has(i)) paired += (weight + 1) / 2;
    else
      leftOver +=
        weight *
        (NUMBER.test(word)
          ? Math.min(weights.missingNumber, weights.missingWord.entity)
          : weights.missingWord.entity);
  });
  return paired === 0 ? 0 : paired / (paired + leftOver);
}
