import type { WeightOfWord } from './align-tokens';
import { compareNames, type NameComparison } from './compare-names';
import type { ListedName, ListedPartyType } from './listed-party';
import type { MatchWeights } from './match-settings';
import type { NormalisedName } from './normalise-name';
import type { SubjectKind } from './screened-subject';

/*
 * Aliases the list itself marks as weak count only when they are the subject's name exactly. The UK list's
 * "Low quality" alias strength is OFAC's "weak a.k.a.": a name too broad to identify anyone (a nickname, a kunya,
 * a one-word name), given to corroborate other details, not to screen on; a one-word alias of a person is weak
 * in the same way whether or not the list says so. Such a name counts when its normalised words are the
 * subject's words (as a set, order ignored) and is otherwise not compared: a near spelling of a vague name is
 * no evidence at all. When a name left out would have scored better than the one that counts, the explanation
 * names it, so a reviewer sees why it did not match.
 */

export const aliasQualityRules = ['low_quality_alias', 'single_word_alias'] as const;
export type AliasQualityRule = (typeof aliasQualityRules)[number];

/** Why a listed name counts only on an exact match; null when it counts like any other. */
export function weakAliasRule(
  name: ListedName,
  normalised: NormalisedName,
  partyType: ListedPartyType,
): AliasQualityRule | null {
  if (name.quality === 'low') return 'low_quality_alias';
  if (partyType === 'individual' && name.kind === 'alias' && normalised.tokens.length === 1)
    return 'single_word_alias';
  return null;
}

/** The same words, each once, in any order. */
export function sameWords(a: NormalisedName, b: NormalisedName): boolean {
  const left = new Set(a.tokens);
  const right = new Set(b.tokens);
  return left.size > 0 && left.size === right.size && [...left].every((token) => right.has(token));
}

export interface CountedName {
  name: ListedName;
  normalised: NormalisedName;
  comparison: NameComparison;
  /** Weak names that would have scored better than the one counted, best first. */
  notCounted: { text: string; rule: AliasQualityRule; score: number }[];
}

/**
 * The designation's best-scoring name among those that count. When none counts (every name is a weak alias not
 * matched exactly), the best of them is reported with a name score of 0.
 */
export function bestCountedName(
  subjectName: NormalisedName,
  names: readonly { name: ListedName; normalised: NormalisedName }[],
  subjectKind: SubjectKind,
  partyType: ListedPartyType,
  weights: MatchWeights,
  weightOfWord?: WeightOfWord,
): CountedName {
  let best: Omit<CountedName, 'notCounted'> | undefined;
  let bestWeak: Omit<CountedName, 'notCounted'> | undefined;
  const weak: { text: string; rule: AliasQualityRule; score: number }[] = [];
  for (const { name, normalised } of names) {
    const comparison = compareNames(subjectName, normalised, subjectKind, weights, weightOfWord);
    const rule = weakAliasRule(name, normalised, partyType);
    if (rule !== null && !sameWords(subjectName, normalised)) {
      weak.push({ text: name.text, rule, score: comparison.score });
      if (!bestWeak || comparison.score > bestWeak.comparison.score)
        bestWeak = { name, normalised, comparison };
      continue;
    }
    if (!best || comparison.score > best.comparison.score) best = { name, normalised, comparison };
  }
  const counted = best ?? { ...bestWeak!, comparison: { ...bestWeak!.comparison, score: 0 } };
  const notCounted = weak
    .filter((name) => name.score > counted.comparison.score)
    .sort((a, b) => b.score - a.score);
  return { ...counted, notCounted };
}
