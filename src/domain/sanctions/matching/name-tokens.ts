import { normaliseName } from './normalise-name';
import type { SubjectKind } from './screened-subject';
import { foldSpelling } from './spelling-folding';
import { nicknameCanonicals } from './token-similarity';

/*
 * The words and index keys of a name, for the list store to prefilter designations before the matcher compares
 * them: the same normalisation the matcher uses (transliteration, titles, legal forms, joining words), so the
 * prefilter and the matcher never disagree about what a name's words are. A designation is worth comparing with a
 * subject when the two share at least one key.
 *
 * A key is the first KEY_LENGTH letters of a word's folded spelling (SERGEI, SERGEY and SERGEJ share SERGEI's),
 * plus the same of the first name of each nickname group the word is in (BILL also gives WIL…, for WILLIAM).
 * Initials and one-letter words give no key: they would pull in half the list. Keys are generous on purpose: a
 * candidate the matcher rejects costs a comparison; a designation the prefilter drops is a match nobody sees.
 */

/** Letters of a folded word that make its key: short enough that a slip late in a word keeps it. */
export const KEY_LENGTH = 4;

/** The words the matcher compares, distinct, in name order. `kind`: person for individuals, entity otherwise. */
export function nameTokens(text: string, kind: SubjectKind): string[] {
  return [...new Set(normaliseName(text, kind).tokens)];
}

/** The distinct index keys of a name (see above). */
export function nameTokenKeys(text: string, kind: SubjectKind): string[] {
  const keys = new Set<string>();
  for (const token of nameTokens(text, kind)) {
    if (token.length < 2) continue;
    keys.add(foldSpelling(token).slice(0, KEY_LENGTH));
    if (kind === 'person')
      for (const canonical of nicknameCanonicals(token))
        keys.add(foldSpelling(canonical).slice(0, KEY_LENGTH));
  }
  return [...keys];
}
