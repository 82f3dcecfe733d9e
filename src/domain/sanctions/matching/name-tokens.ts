import { normaliseName } from './normalise-name';
import type { SubjectKind } from './screened-subject';
import { consonantSkeleton, soundKeys } from './sound-keys';
import { foldSpelling } from './spelling-folding';
import { nicknameCanonicals } from './token-similarity';
import { acronymKeys, gluedForms, MIN_GLUED_LETTERS } from './whole-name-shapes';

/*
 * The words and index keys of a name, for the list store to prefilter designations before the matcher compares
 * them: the same normalisation the matcher uses (transliteration, titles, legal forms, joining words), so the
 * prefilter and the matcher never disagree about what a name's words are. A designation is worth comparing with a
 * subject when the two share at least one key.
 *
 * Keys are generous on purpose: a candidate the matcher rejects costs a comparison; a designation the prefilter
 * drops is a match nobody sees. Each rule of the matcher that can pair two words with different letters has a key
 * of its own, so that no pair it would pass is lost before it is scored:
 *
 * - the first KEY_LENGTH letters of each word's folded spelling (SERGEI, SERGEY and SERGEJ share SERGEI's), and of
 *   the first name of each nickname group the word is in (BILL also gives WIL…, for WILLIAM);
 * - `P:` each Double Metaphone key of at least three sounds (HIZBALLAH and HEZBOLLAH, PUTIN and PUDIN);
 * - `C:` each word's consonants, the first CONSONANT_KEY_LENGTH of them, with a leading L (the Arabic article)
 *   also taken off: an Arabic- or Hebrew-script name meets its Latin spelling there (MHMD, MUHAMMAD). Only names
 *   in those scripts are indexed by them; a screened name asks with them whatever its script (`side`), since a
 *   Latin name's consonants would pull in every Latin name that shares them (six times the candidates);
 * - `A:` an entity's acronym (its initials, or the one word it is: IRGC), of the lengths whole-name-shapes.ts
 *   matches from each side;
 * - `G:` the name written without spaces, the first GLUED_KEY_LENGTH letters (ROSOBORONEXPORT; a person's also
 *   with the last word first: KIMYOJONG for YO JONG KIM).
 *
 * Initials and one-letter words give no key: they would pull in half the list.
 */

/** Letters of a folded word that make its key: short enough that a slip late in a word keeps it. */
export const KEY_LENGTH = 4;
const CONSONANT_KEY_LENGTH = 4;
const GLUED_KEY_LENGTH = 8;

/** The words the matcher compares, distinct, in name order. `kind`: person for individuals, entity otherwise. */
export function nameTokens(text: string, kind: SubjectKind): string[] {
  return [...new Set(normaliseName(text, kind).tokens)];
}

/** A name's keys by where they come from: each word's own, and the whole name's (glued, acronym). */
export interface NameKeys {
  words: { word: string; keys: string[] }[];
  wholeName: string[];
}

/**
 * The index keys of a name (see above), each word's apart. `side`: `listed` for a designation's name being
 * indexed, `screened` for a name looked up (which also asks with its consonants).
 */
export function nameKeysByWord(
  text: string,
  kind: SubjectKind,
  side: 'listed' | 'screened' = 'listed',
): NameKeys {
  const name = normaliseName(text, kind);
  const withConsonants = side === 'screened' || name.consonantal;
  const words: NameKeys['words'] = [];
  for (const token of new Set(name.tokens)) {
    const keys = new Set<string>();
    if (token.length >= 2) {
      const folded = foldSpelling(token);
      keys.add(folded.slice(0, KEY_LENGTH));
      if (kind === 'person')
        for (const canonical of nicknameCanonicals(token))
          keys.add(foldSpelling(canonical).slice(0, KEY_LENGTH));
      for (const sound of new Set([...soundKeys(token), ...soundKeys(folded)])) keys.add(`P:${sound}`);
      const consonants = consonantSkeleton(token);
      if (withConsonants && consonants.length >= 2) {
        keys.add(`C:${consonants.slice(0, CONSONANT_KEY_LENGTH)}`);
        if (consonants.startsWith('L')) keys.add(`C:${consonants.slice(1, 1 + CONSONANT_KEY_LENGTH)}`);
      }
    }
    words.push({ word: token, keys: [...keys] });
  }
  const wholeName = new Set<string>();
  const glued =
    kind === 'entity'
      ? gluedForms(name)
      : [name.tokens, [...name.tokens.slice(-1), ...name.tokens.slice(0, -1)]]
          .map((parts) => foldSpelling(parts.join('')))
          .filter((form) => form.length >= MIN_GLUED_LETTERS);
  for (const form of glued) wholeName.add(`G:${form.slice(0, GLUED_KEY_LENGTH)}`);
  if (kind === 'entity') for (const acronym of acronymKeys(name, side)) wholeName.add(`A:${acronym}`);
  return { words, wholeName: [...wholeName] };
}

/** The distinct index keys of a name (see nameKeysByWord). */
export function nameTokenKeys(
  text: string,
  kind: SubjectKind,
  side: 'listed' | 'screened' = 'listed',
): string[] {
  const { words, wholeName } = nameKeysByWord(text, kind, side);
  return [...new Set([...words.flatMap(({ keys }) => keys), ...wholeName])];
}
