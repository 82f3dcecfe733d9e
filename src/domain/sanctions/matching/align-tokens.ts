import type { MatchWeights } from './match-settings';
import type { SubjectKind } from './screened-subject';
import { foldSpelling } from './spelling-folding';
import { compareTokens, type ConsonantalSide, type TokenComparison } from './token-similarity';

/*
 * Which word of one name goes with which word of the other, order ignored: the pairing that earns the most
 * credit, each word used at most once. Names have few words, so the best pairing is found exactly (dynamic
 * programming over the listed words still free), not greedily: a greedy pass can spend a listed word on the
 * wrong subject word and lose a better pair.
 *
 * Before pairing, neighbouring words that one name writes as one (MARY ANN / MARYANN, ABDUL RAHMAN /
 * ABDULRAHMAN, XI JIN PING from 习近平 / XI JINPING, ROS OBORON EXPORT / ROSOBORONEXPORT; up to
 * MAX_JOINED words) are joined on the side that splits them.
 */

export interface TokenPair extends TokenComparison {
  subject: string;
  listed: string;
  /** How much the pair counts: the mean of its two words' weights (word-weights.ts; 1 for a word not common). */
  weight: number;
}

export interface Alignment {
  pairs: TokenPair[];
  unmatchedSubject: string[];
  unmatchedListed: string[];
  /** Words on each side after joining. */
  subjectCount: number;
  listedCount: number;
  /** Σ weight × credit over the pairs. */
  creditSum: number;
  /** Σ weight of the pairs, and of the words left unpaired on each side (the name score divides by these). */
  pairedWeight: number;
  unmatchedSubjectWeight: number;
  unmatchedListedWeight: number;
}

/** The weight of one word of a name; 1 unless the list makes it common. */
export type WeightOfWord = (word: string) => number;
const EVERY_WORD_WEIGHS_ONE: WeightOfWord = () => 1;

/** Beyond this many listed words the pairing is greedy: no designation name has so many, but input is input. */
const EXACT_PAIRING_LIMIT = 10;

interface Word {
  /** As shown: joined words keep their space ("MARY ANN"). */
  text: string;
  joined: boolean;
}

const compact = (word: string) => foldSpelling(word.replaceAll(' ', ''));

const MAX_JOINED = 4;
/** Folding changes a word's length by a few letters at most (DZH is J, X is KS): the margin of the length check. */
const FOLDING_MARGIN = 4;

interface FoldedWords {
  /** The folded words of at least 4 letters: what a run of the other name's words may be joined into. */
  folded: ReadonlySet<string>;
  longest: number;
}

/** A name's folded words, once per word list: the matcher meets the same normalised names again and again. */
const foldedWordsOf = new WeakMap<readonly string[], FoldedWords>();

function foldedWords(words: readonly string[]): FoldedWords {
  let found = foldedWordsOf.get(words);
  if (found === undefined) {
    const folded = new Set(words.filter((word) => word.length >= 4).map(compact));
    found = { folded, longest: Math.max(0, ...[...folded].map((word) => word.length)) };
    foldedWordsOf.set(words, found);
  }
  return found;
}

/** Joins runs of neighbours of `words` that the other name writes as one word (the longest run first). */
function joinSplitWords(words: readonly string[], other: readonly string[]): Word[] | null {
  const { folded, longest } = foldedWords(other);
  if (folded.size === 0 || words.length < 2) return null;
  let result: Word[] | null = null;
  for (let i = 0; i < words.length;) {
    let joinedRun = 1;
    if (!other.includes(words[i]!)) {
      let last = i + 1;
      let letters = words[i]!.length;
      while (
        last < words.length &&
        last - i < MAX_JOINED &&
        letters + words[last]!.length <= longest + FOLDING_MARGIN
      )
        letters += words[last++]!.length;
      for (let run = last - i; run >= 2; run--)
        if (folded.has(compact(words.slice(i, i + run).join('')))) {
          joinedRun = run;
          break;
        }
    }
    if (joinedRun > 1) {
      result ??= words.slice(0, i).map((text) => ({ text, joined: false }));
      result.push({ text: words.slice(i, i + joinedRun).join(' '), joined: true });
    } else result?.push({ text: words[i]!, joined: false });
    i += joinedRun;
  }
  return result;
}

/**
 * Word pairs compared so far, per weights table and kind of comparison: a screening meets the same listed words
 * (common forenames and surnames, TRADING, GROUP) across hundreds of candidates, and comparing two words costs
 * several Jaro-Winkler and Double Metaphone calls.
 */
let comparedWords = new WeakMap<MatchWeights, Map<string, Map<string, Map<string, TokenComparison>>>>();
/** Word pairs kept in all, across subject words: past it every cache starts again (a long-running server). */
const WORD_PAIRS_KEPT = 500_000;
let wordPairsKept = 0;

function forgetComparedWords(): void {
  comparedWords = new WeakMap();
  wordPairsKept = 0;
}

function comparisonsOf(
  subjectText: string,
  kind: SubjectKind,
  weights: MatchWeights,
  consonantal: ConsonantalSide,
) {
  let byKind = comparedWords.get(weights);
  if (byKind === undefined) {
    byKind = new Map();
    comparedWords.set(weights, byKind);
  }
  const kindKey = consonantal === undefined ? kind : `${kind}:${consonantal}`;
  let bySubject = byKind.get(kindKey);
  if (bySubject === undefined) {
    bySubject = new Map();
    byKind.set(kindKey, bySubject);
  }
  let byListed = bySubject.get(subjectText);
  if (byListed === undefined) {
    byListed = new Map();
    bySubject.set(subjectText, byListed);
  }
  return byListed;
}

/** Two words (or runs of words joined on one side) compared; joined text keeps its space, so it keys apart. */
function compareWords(
  subject: Word,
  listed: Word,
  kind: SubjectKind,
  weights: MatchWeights,
  consonantal: ConsonantalSide,
): TokenComparison {
  const cache = comparisonsOf(subject.text, kind, weights, consonantal);
  let comparison = cache.get(listed.text);
  if (comparison === undefined) {
    if ((subject.joined || listed.joined) && compact(subject.text) === compact(listed.text))
      comparison = { method: 'joined', similarity: 1, credit: weights.credit.joined };
    else
      comparison = compareTokens(
        subject.text.replaceAll(' ', ''),
        listed.text.replaceAll(' ', ''),
        kind,
        weights,
        consonantal,
      );
    if (wordPairsKept >= WORD_PAIRS_KEPT) {
      forgetComparedWords();
      return comparison;
    }
    wordPairsKept += 1;
    cache.set(listed.text, comparison);
  }
  return comparison;
}

const asWords = (tokens: readonly string[]): Word[] => tokens.map((text) => ({ text, joined: false }));

export function alignTokens(
  subjectTokens: readonly string[],
  listedTokens: readonly string[],
  kind: SubjectKind,
  weights: MatchWeights,
  consonantal?: ConsonantalSide,
  weightOfWord: WeightOfWord = EVERY_WORD_WEIGHS_ONE,
): Alignment {
  const joinedSubject = joinSplitWords(subjectTokens, listedTokens);
  const subject = joinedSubject ?? asWords(subjectTokens);
  const listed =
    joinSplitWords(
      listedTokens,
      joinedSubject === null ? subjectTokens : subject.map((word) => word.text.replaceAll(' ', '')),
    ) ?? asWords(listedTokens);
  const weightOf = (word: Word) => {
    if (!word.joined) return weightOfWord(word.text);
    const parts = word.text.split(' ');
    return parts.reduce((sum, part) => sum + weightOfWord(part), 0) / parts.length;
  };
  const subjectWeights = subject.map(weightOf);
  const listedWeights = listed.map(weightOf);
  const comparisons = subject.map((s) => listed.map((l) => compareWords(s, l, kind, weights, consonantal)));
  const earned = comparisons.map((row, i) =>
    row.map((comparison, j) => ((subjectWeights[i]! + listedWeights[j]!) / 2) * comparison.credit),
  );
  const assignment =
    listed.length <= EXACT_PAIRING_LIMIT ? bestAssignment(earned, listed.length) : greedyAssignment(earned);
  const pairs: TokenPair[] = [];
  const usedListed = new Set<number>();
  const unmatchedSubject: string[] = [];
  let unmatchedSubjectWeight = 0;
  assignment.forEach((j, i) => {
    const comparison = j === -1 ? undefined : comparisons[i]![j]!;
    if (comparison && comparison.credit > 0) {
      const weight = (subjectWeights[i]! + listedWeights[j]!) / 2;
      pairs.push({ subject: subject[i]!.text, listed: listed[j]!.text, ...comparison, weight });
      usedListed.add(j);
    } else {
      unmatchedSubject.push(subject[i]!.text);
      unmatchedSubjectWeight += subjectWeights[i]!;
    }
  });
  const unmatchedListed: string[] = [];
  let unmatchedListedWeight = 0;
  listed.forEach((word, j) => {
    if (usedListed.has(j)) return;
    unmatchedListed.push(word.text);
    unmatchedListedWeight += listedWeights[j]!;
  });
  let creditSum = 0;
  let pairedWeight = 0;
  for (const pair of pairs) {
    creditSum += pair.weight * pair.credit;
    pairedWeight += pair.weight;
  }
  return {
    pairs,
    unmatchedSubject,
    unmatchedListed,
    subjectCount: subject.length,
    listedCount: listed.length,
    creditSum,
    pairedWeight,
    unmatchedSubjectWeight,
    unmatchedListedWeight,
  };
}
/** For each subject word, the listed word it pairs with (or -1): the pairing that earns the most in total. */
function bestAssignment(matrix: readonly (readonly number[])[], listedCount: number): number[] {
  const n = matrix.length;
  const states = 1 << listedCount;
  // best[i][mask]: the most credit subject words i.. can earn with the listed words in mask already taken
  const best: Float64Array[] = Array.from({ length: n + 1 }, () => new Float64Array(states));
  const choice: Int8Array[] = Array.from({ length: n }, () => new Int8Array(states).fill(-1));
  for (let i = n - 1; i >= 0; i--) {
    for (let mask = 0; mask < states; mask++) {
      let value = best[i + 1]![mask]!;
      let chosen = -1;
      for (let j = 0; j < listedCount; j++) {
        if (mask & (1 << j)) continue;
        const credit = matrix[i]![j]!;
        if (credit <= 0) continue;
        const candidate = credit + best[i + 1]![mask | (1 << j)]!;
        if (candidate > value + 1e-12) {
          value = candidate;
          chosen = j;
        }
      }
      best[i]![mask] = value;
      choice[i]![mask] = chosen;
    }
  }
  const assignment: number[] = [];
  let mask = 0;
  for (let i = 0; i < n; i++) {
    const j = choice[i]![mask]!;
    assignment.push(j);
    if (j !== -1) mask |= 1 << j;
  }
  return assignment;
}

function greedyAssignment(matrix: readonly (readonly number[])[]): number[] {
  const cells = matrix.flatMap((row, i) => row.map((credit, j) => ({ i, j, credit })));
  cells.sort((a, b) => b.credit - a.credit);
  const assignment = matrix.map(() => -1);
  const taken = new Set<number>();
  for (const { i, j, credit } of cells) {
    if (credit <= 0 || assignment[i] !== -1 || taken.has(j)) continue;
    assignment[i] = j;
    taken.add(j);
  }
  return assignment;
}
