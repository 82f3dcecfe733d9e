import doubleMetaphone from 'talisman/phonetics/double-metaphone';
import { foldSpelling } from './spelling-folding';

/*
 * How a word sounds, for the spellings that folding cannot reach: romanisations of Arabic and other names that
 * differ in their vowels and in letters that stand for one sound (QADDAFI / GADDAFI, HIZBALLAH / HEZBOLLAH,
 * MOAMMAR / MUAMMAR), and slips of one sound (PUTIN / PUDIN, MUSK / MOSK). Double Metaphone (talisman) gives each
 * word a primary and an alternative key.
 *
 * A key of one or two sounds says little (MARIA, MARIO and MOIRA are all MR), so only keys of at least
 * MIN_SOUNDS count. Double Metaphone stops at four sounds (ALEKSEI and ALEKSANDR are both ALKS, SOVCOMBANK and
 * SOVCOMFLOT both SFKM), so the second halves of the two words must sound alike too, and their lengths may differ
 * by at most MAX_LENGTH_DIFFERENCE letters once folded.
 */

export const MIN_SOUNDS = 3;

const keys = new Map<string, readonly string[]>();
const KEYS_KEPT = 50_000;

/** The word's Double Metaphone keys of at least MIN_SOUNDS sounds (none for a word with digits). */
export function soundKeys(word: string): readonly string[] {
  let found = keys.get(word);
  if (found === undefined) {
    found = /\d/.test(word)
      ? []
      : [...new Set(doubleMetaphone(word))].filter((key) => key.length >= MIN_SOUNDS);
    if (keys.size >= KEYS_KEPT) keys.clear();
    keys.set(word, found);
  }
  return found;
}

const MAX_LENGTH_DIFFERENCE = 2;

const tails = new Map<string, readonly string[]>();
function tailKeys(word: string): readonly string[] {
  let found = tails.get(word);
  if (found === undefined) {
    found = doubleMetaphone(word.slice(Math.floor(word.length / 2)));
    if (tails.size >= KEYS_KEPT) tails.clear();
    tails.set(word, found);
  }
  return found;
}

export function soundAlike(a: string, b: string): boolean {
  if (Math.abs(foldSpelling(a).length - foldSpelling(b).length) > MAX_LENGTH_DIFFERENCE) return false;
  const keysOfB = soundKeys(b);
  if (!soundKeys(a).some((key) => keysOfB.includes(key))) return false;
  const tailsOfB = tailKeys(b);
  return tailKeys(a).some((key) => tailsOfB.includes(key));
}

/**
 * The consonants of a word as Arabic and Hebrew script write them: the folded spelling without vowels and without
 * the letters those scripts use for long vowels (Y, W/V, and I/J after folding; a W opening the word stays, as
 * the consonant it is there: WALID is VLD, not LLOYD's LD), doubled letters once.
 * MUHAMMAD and محمد (MHMD) are MHMD; NETANYAHU and נתניהו are NTNH.
 */
export function consonantSkeleton(word: string): string {
  const folded = foldSpelling(word);
  // W (V once folded) opens a word as a consonant (WALID, وليد): kept there, dropped as a long vowel elsewhere
  return (
    (folded[0] === 'V' ? 'V' : '') +
    folded
      .slice(folded[0] === 'V' ? 1 : 0)
      .replace(/[AEIOUVY]/g, '')
      .replace(/(.)\1+/g, '$1')
  );
}

/** Consonants at least this many: one or two letters alone (RM for RAMI) are compared only within a whole name. */
export const MIN_CONSONANTS = 2;

/**
 * Whether an Arabic- or Hebrew-script word (as transliterated) writes the consonants of a Latin one. The
 * article AL written onto the word (الراوي, LRVI) may stand for AL-RAWI, whose AL the Latin name drops.
 */
export function sameConsonants(abjad: string, latin: string): boolean {
  const skeleton = consonantSkeleton(abjad);
  if (skeleton.length < MIN_CONSONANTS) return false;
  const other = consonantSkeleton(latin);
  return skeleton === other || (skeleton.startsWith('L') && other.length > 0 && skeleton.slice(1) === other);
}
