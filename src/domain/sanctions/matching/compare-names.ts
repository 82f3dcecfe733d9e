import { alignTokens, type Alignment, type WeightOfWord } from './align-tokens';
import type { MatchWeights } from './match-settings';
import type { NormalisedName } from './normalise-name';
import type { SubjectKind } from './screened-subject';
import type { ConsonantalSide } from './token-similarity';
import { acronymOf, gluedAlike } from './whole-name-shapes';

/*
 * The name score of two names: the credit their paired words earn, over the words the shorter name has plus a
 * share for each word only the longer one has. A pair counts with its weight w, the mean of its two words'
 * weights (1, or less for a word common on the list: word-weights.ts), so agreeing on a common word says less.
 * With the pairs' credits c and weights w, u_S and u_L the numbers of words left unpaired on each side, and m the
 * mean weight of the longer side's unpaired words:
 *
 *   name score = Σ w·c / (Σ w + min(u_S, u_L) + missingWord × |u_S − u_L| × m)
 *
 * so a word that pairs with nothing on a name that has a word left over to pair with counts as a contradiction,
 * a full 1 whether the two words are common or not (JOHN against JANE; DIALLO against THAN: two surnames that
 * differ are two people however common each is), and a word the other name simply does not have counts
 * missingWord times its weight (0.15 for people: a middle name or a patronymic one side leaves out; 1 for
 * entities: GAZPROM NEFT is not GAZPROM). When every word weighs 1 this is
 * Σc / (min(S, L) + missingWord × |S − L|) for S and L words.
 *
 * An entity's name written as one word, or as an acronym, is compared as a whole with the other (one pair, one
 * word on each side: whole-name-shapes.ts); the better of that and the word-by-word reading stands.
 */

const NUMBER = /^\d+$/;

export interface NameComparison extends Alignment {
  score: number;
  divisor: number;
}

function consonantalSide(subject: NormalisedName, listed: NormalisedName): ConsonantalSide {
  if (subject.consonantal === listed.consonantal) return undefined;
  return subject.consonantal ? 'subject' : 'listed';
}

function wholeNamePair(
  subject: NormalisedName,
  listed: NormalisedName,
  method: 'joined' | 'acronym',
  credit: number,
): NameComparison {
  const text = (name: NormalisedName) => (method === 'joined' ? name.allWords : name.tokens).join(' ');
  return {
    pairs: [{ subject: text(subject), listed: text(listed), method, similarity: 1, credit, weight: 1 }],
    unmatchedSubject: [],
    unmatchedListed: [],
    subjectCount: 1,
    listedCount: 1,
    creditSum: credit,
    pairedWeight: 1,
    unmatchedSubjectWeight: 0,
    unmatchedListedWeight: 0,
    score: credit,
    divisor: 1,
  };
}

export function compareNames(
  subject: NormalisedName,
  listed: NormalisedName,
  kind: SubjectKind,
  weights: MatchWeights,
  weightOfWord?: WeightOfWord,
): NameComparison {
  const alignment = alignTokens(
    subject.tokens,
    listed.tokens,
    kind,
    weights,
    consonantalSide(subject, listed),
    weightOfWord,
  );
  const shorter = Math.min(alignment.subjectCount, alignment.listedCount);
  const { pairedWeight, unmatchedSubjectWeight, unmatchedListedWeight } = alignment;
  const unpairedSubject = alignment.unmatchedSubject.length;
  const unpairedListed = alignment.unmatchedListed.length;
  const contradicting = Math.min(unpairedSubject, unpairedListed);
  const longerSideWeight = unpairedSubject > unpairedListed ? unmatchedSubjectWeight : unmatchedListedWeight;
  const longerSideCount = Math.max(unpairedSubject, unpairedListed);
  const extra =
    longerSideCount === 0
      ? 0
      : Math.abs(unpairedSubject - unpairedListed) * (longerSideWeight / longerSideCount);
  const leftOver = unpairedSubject > unpairedListed ? alignment.unmatchedSubject : alignment.unmatchedListed;
  const onlyNumbersLeft =
    kind === 'entity' &&
    alignment.subjectCount !== alignment.listedCount &&
    leftOver.every((word) => NUMBER.test(word));
  const divisor =
    pairedWeight +
    contradicting +
    (onlyNumbersLeft ? weights.missingNumber : weights.missingWord[kind]) * extra;
  const score = shorter === 0 || divisor === 0 ? 0 : Math.min(1, alignment.creditSum / divisor);
  const byWords: NameComparison = { ...alignment, score, divisor };
  if (kind !== 'entity' || score >= weights.credit.joined) return byWords;
  if (gluedAlike(subject, listed)) return wholeNamePair(subject, listed, 'joined', weights.credit.joined);
  if (score < weights.credit.acronym && acronymOf(subject, listed))
    return wholeNamePair(subject, listed, 'acronym', weights.credit.acronym);
  return byWords;
}
