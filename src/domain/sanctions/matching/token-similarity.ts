import { similarity as jaroWinkler } from 'talisman/metrics/jaro-winkler';
import type { MatchWeights } from './match-settings';
import { NICKNAME_GROUPS } from './nicknames';
import type { SubjectKind } from './screened-subject';
import { foldSpelling } from './spelling-folding';

/*
 * How much two words of two names agree, and why: the credit a word pair earns toward the name score. Jaro-Winkler
 * (from talisman) measures spelling; it favours a shared start, as names that differ by a typing slip or a
 * transliteration usually do. It is generous to short different words (JOHN/JOAN 0.87), so below a floor a pair
 * earns nothing and above it credit rises linearly: the floor, not the raw similarity, separates a variant from
 * a different name.
 */

export const tokenMatchMethods = [
  'exact',
  'spelling_variant',
  'nickname',
  'initial',
  'joined',
  'similar',
  'different',
] as const;
export type TokenMatchMethod = (typeof tokenMatchMethods)[number];

export interface TokenComparison {
  method: TokenMatchMethod;
  /** Jaro-Winkler similarity of the two spellings (the closer of as written and folded), 0..1. */
  similarity: number;
  /** What the pair earns toward the name score, 0..1. */
  credit: number;
}

const nicknameGroups = new Map<string, Set<number>>();
NICKNAME_GROUPS.forEach((group, index) => {
  for (const name of group) {
    const groups = nicknameGroups.get(name) ?? new Set<number>();
    groups.add(index);
    nicknameGroups.set(name, groups);
  }
});

/** Whether two given names are one name by the nickname table. */
export function areNicknames(a: string, b: string): boolean {
  const groupsOfA = nicknameGroups.get(a);
  const groupsOfB = nicknameGroups.get(b);
  if (!groupsOfA || !groupsOfB) return false;
  for (const group of groupsOfA) if (groupsOfB.has(group)) return true;
  return false;
}

/** The first name of each nickname group the word is in: one index key for Bill and William. */
export function nicknameCanonicals(word: string): string[] {
  return [...(nicknameGroups.get(word) ?? [])].map((group) => NICKNAME_GROUPS[group]![0]!);
}

const DIGIT = /\d/;

function similarity(a: string, b: string): number {
  return jaroWinkler(a, b);
}

export function compareTokens(
  subject: string,
  listed: string,
  kind: SubjectKind,
  weights: MatchWeights,
): TokenComparison {
  if (subject === listed && (kind === 'entity' || subject.length > 1))
    return { method: 'exact', similarity: 1, credit: 1 };
  // numbers name different things when they differ at all: ACME 2000 is not ACME 3000
  if (DIGIT.test(subject) || DIGIT.test(listed)) return { method: 'different', similarity: 0, credit: 0 };
  if (kind === 'person' && (subject.length === 1 || listed.length === 1)) {
    const [short, long] = subject.length <= listed.length ? [subject, listed] : [listed, subject];
    return long.startsWith(short)
      ? { method: 'initial', similarity: similarity(subject, listed), credit: weights.credit.initial }
      : { method: 'different', similarity: similarity(subject, listed), credit: 0 };
  }
  const foldedSubject = foldSpelling(subject);
  const foldedListed = foldSpelling(listed);
  const asWritten = similarity(subject, listed);
  const candidates: TokenComparison[] = [];
  if (foldedSubject === foldedListed)
    candidates.push({
      method: 'spelling_variant',
      similarity: asWritten,
      credit: weights.credit.spellingVariant,
    });
  else {
    const folded =
      foldedSubject === subject && foldedListed === listed
        ? asWritten
        : similarity(foldedSubject, foldedListed);
    const raw = Math.max(asWritten, folded);
    const floor = weights.similarityFloor[kind];
    const graded = raw <= floor ? 0 : (raw - floor) / (1 - floor);
    candidates.push({ method: graded > 0 ? 'similar' : 'different', similarity: raw, credit: graded });
  }
  if (kind === 'person' && areNicknames(subject, listed))
    candidates.push({
      method: 'nickname',
      similarity: candidates[0]!.similarity,
      credit: weights.credit.nickname,
    });
  return candidates.reduce((best, candidate) => (candidate.credit > best.credit ? candidate : best));
}
