import { similarity as jaroWinkler } from 'talisman/metrics/jaro-winkler';
import { lettersForDigits } from './digits-for-letters';
import type { MatchWeights } from './match-settings';
import { NICKNAME_GROUPS } from './nicknames';
import type { SubjectKind } from './screened-subject';
import { sameConsonants, soundAlike } from './sound-keys';
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
  'digits_for_letters',
  'nickname',
  'initial',
  'joined',
  'phonetic',
  'consonants',
  'acronym',
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
/** Jaro-Winkler below which two words that sound alike are still not taken for one (a shared key by chance). */
const PHONETIC_MIN_SIMILARITY = 0.7;
/**
 * Entity names are words of a dictionary, where one sound is another word (MARINA / MARINE, TRADE / TRADER):
 * sound is weighed only for longer words, mostly names (HIZBALLAH / HEZBOLLAH).
 */
const ENTITY_PHONETIC_MIN_LETTERS = 7;

function similarity(a: string, b: string): number {
  return jaroWinkler(a, b);
}

/**
 * A man's and a woman's form of one name, which sound alike but name two people: ANDREW / ANDREA, ALEKSANDR /
 * ALEKSANDRA, IVANOV / IVANOVA. They differ only in a closing A.
 */
function genderForms(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (longer === `${shorter}A`) return true;
  return a.length === b.length && a.slice(0, -1) === b.slice(0, -1) && (a.endsWith('A') || b.endsWith('A'));
}

/** Which side's name was written in Arabic or Hebrew script (its words are consonants only). */
export type ConsonantalSide = 'subject' | 'listed' | undefined;

export function compareTokens(
  subjectWord: string,
  listedWord: string,
  kind: SubjectKind,
  weights: MatchWeights,
  consonantal?: ConsonantalSide,
): TokenComparison {
  if (subjectWord === listedWord && (kind === 'entity' || subjectWord.length > 1))
    return { method: 'exact', similarity: 1, credit: 1 };
  // digits inside a word stand for letters (5BERBANK); a number names a different thing when it differs at all
  const subject = lettersForDigits(subjectWord);
  const listed = lettersForDigits(listedWord);
  if (DIGIT.test(subject) || DIGIT.test(listed)) return { method: 'different', similarity: 0, credit: 0 };
  if (subject === listed && (subject !== subjectWord || listed !== listedWord))
    return { method: 'digits_for_letters', similarity: 1, credit: weights.credit.spellingVariant };
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
  const raw = candidates[0]!.similarity;
  if (kind === 'person' && areNicknames(subject, listed))
    candidates.push({ method: 'nickname', similarity: raw, credit: weights.credit.nickname });
  const phoneticLength = kind === 'person' ? 0 : ENTITY_PHONETIC_MIN_LETTERS;
  if (
    raw >= PHONETIC_MIN_SIMILARITY &&
    Math.min(subject.length, listed.length) >= phoneticLength &&
    !(kind === 'person' && genderForms(subject, listed)) &&
    (soundAlike(subject, listed) || soundAlike(foldedSubject, foldedListed))
  )
    candidates.push({ method: 'phonetic', similarity: raw, credit: weights.credit.phonetic });
  if (consonantal !== undefined) {
    const [abjad, latin] = consonantal === 'subject' ? [subject, listed] : [listed, subject];
    if (sameConsonants(abjad, latin))
      candidates.push({ method: 'consonants', similarity: raw, credit: weights.credit.consonants });
  }
  return candidates.reduce((best, candidate) => (candidate.credit > best.credit ? candidate : best));
}
