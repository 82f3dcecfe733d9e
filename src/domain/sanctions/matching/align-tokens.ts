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

/** Joins runs of neighbours of `words` that the other name writes as one word (the longest run first). */
function joinSplitWords(words: readonly string[], other: readonly string[]): Word[] {
  const otherFolded = new Set(other.filter((word) => word.length >= 4).map(compact));
  const result: Word[] = [];
  for (let i = 0; i < words.length;) {
    let joinedRun = 1;
    if (otherFolded.size > 0 && !other.includes(words[i]!))
      for (let run = Math.min(MAX_JOINED, words.length - i); run >= 2; run--)
        if (otherFolded.has(compact(words.slice(i, i + run).join('')))) {
          joinedRun = run;
          break;
        }
    result.push({ text: words.slice(i, i + joinedRun).join(' '), joined: joinedRun > 1 });
    i += joinedRun;
  }
  return result;
}

function compareWords(
  subject: Word,
  listed: Word,
  kind: SubjectKind,
  weights: MatchWeights,
  consonantal: ConsonantalSide,
): TokenComparison {
  if (subject.joined || listed.joined) {
    const same = compact(subject.text) === compact(listed.text);
    if (same) return { method: 'joined', similarity: 1, credit: weights.credit.joined };
  }
  return compareTokens(
    subject.text.replaceAll(' ', ''),
    listed.text.replaceAll(' ', ''),
    kind,
    weights,
    consonantal,
  );
}

export function alignTokens(
  subjectTokens: readonly string[],
  listedTokens: readonly string[],
  kind: SubjectKind,
  weights: MatchWeights,
  consonantal?: ConsonantalSide,
  weightOfWord: WeightOfWord = EVERY_WORD_WEIGHS_ONE,
): Alignment {
  const subject = joinSplitWords(subjectTokens, listedTokens);
  const listed = joinSplitWords(
    listedTokens,
    subject.map((word) => word.text.replaceAll(' ', '')),
  );
  const weightOf = (word: Word) => {
    const parts = word.text.split(' ');
    return parts.reduce((sum, part) => sum + weightOfWord(part), 0) / parts.length;
  };
  const subjectWeights = subject.map(weightOf);
  const listedWeights = listed.map(weightOf);
  const matrix = subject.map((s, i) =>
    listed.map((l, j) => {
      const comparison = compareWords(s, l, kind, weights, consonantal);
      const weight = (subjectWeights[i]! + listedWeights[j]!) / 2;
      return { ...comparison, weight, earned: weight * comparison.credit };
    }),
  );
  const earned = matrix.map((row) => row.map((cell) => cell.earned));
  const assignment =
    listed.length <= EXACT_PAIRING_LIMIT ? bestAssignment(earned, listed.length) : greedyAssignment(earned);
  const pairs: TokenPair[] = [];
  const usedListed = new Set<number>();
  const unmatchedSubject: string[] = [];
  let unmatchedSubjectWeight = 0;
  assignment.forEach((j, i) => {
    const cell = j === -1 ? undefined : matrix[i]![j]!;
    if (cell && cell.credit > 0) {
      const { earned: _earned, ...comparison } = cell;
      pairs.push({ subject: subject[i]!.text, listed: listed[j]!.text, ...comparison });
      usedListed.add(j);
    } else {
      unmatchedSubject.push(subject[i]!.text);
      unmatchedSubjectWeight += subjectWeights[i]!;
    }
  });
  const unmatchedListed = listed.flatMap((word, j) =>
    usedListed.has(j) ? [] : [{ word, weight: listedWeights[j]! }],
  );
  return {
    pairs,
    unmatchedSubject,
    unmatchedListed: unmatchedListed.map(({ word }) => word.text),
    subjectCount: subject.length,
    listedCount: listed.length,
    creditSum: pairs.reduce((sum, pair) => sum + pair.weight * pair.credit, 0),
    pairedWeight: pairs.reduce((sum, pair) => sum + pair.weight, 0),
    unmatchedSubjectWeight,
    unmatchedListedWeight: unmatchedListed.reduce((sum, { weight }) => sum + weight, 0),
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
