import { alignTokens, type Alignment } from './align-tokens';
import type { MatchWeights } from './match-settings';
import type { NormalisedName } from './normalise-name';
import type { SubjectKind } from './screened-subject';

/*
 * The name score of two names: the credit their paired words earn, over the words the shorter name has plus a
 * share for each word only the longer one has. With S subject words, L listed words and the pairs' credits c:
 *
 *   name score = Σc / (min(S, L) + missingWord × |S − L|)
 *
 * so a word that pairs with nothing on a name that has a word left over to pair with counts as a contradiction
 * (a full 1 in the divisor: JOHN against JANE), and a word the other name simply does not have counts
 * missingWord (0.15 for people: a middle name or a patronymic one side leaves out; 1 for entities: GAZPROM NEFT is
 * not GAZPROM). The divisor does not depend on the pairing, so the pairing with the most credit is the best one.
 */

export interface NameComparison extends Alignment {
  score: number;
  divisor: number;
}

export function compareNames(
  subject: NormalisedName,
  listed: NormalisedName,
  kind: SubjectKind,
  weights: MatchWeights,
): NameComparison {
  const alignment = alignTokens(subject.tokens, listed.tokens, kind, weights);
  const shorter = Math.min(alignment.subjectCount, alignment.listedCount);
  const extra = Math.abs(alignment.subjectCount - alignment.listedCount);
  const divisor = shorter + weights.missingWord[kind] * extra;
  const score = shorter === 0 || divisor === 0 ? 0 : Math.min(1, alignment.creditSum / divisor);
  return { ...alignment, score, divisor };
}
