import { ENTITY_FILLER_WORDS } from './filler-words';
import type { NormalisedName } from './normalise-name';
import { foldSpelling } from './spelling-folding';

/*
 * Two ways an entity's name is written that word-by-word pairing cannot see, because one name has a single word
 * where the other has several:
 *
 * - glued: the words written as one, legal form and all (SIEMENSAG / SIEMENS AG, ROSOBORONEXPORT / ROS OBORON
 *   EXPORT, SOVCOMFLOTPAO / PAO SOVCOMFLOT): the names agree once every space is taken out, the legal form
 *   read at either end;
 * - acronym: one name is the initials of the other (IRGC / ISLAMIC REVOLUTIONARY GUARD CORPS, PLA / PEOPLES
 *   LIBERATION ARMY, KKBC / KOREA KWANGSON BANKING CORP), read with and without the joining words and the legal
 *   form. An acronym of fewer than MIN_ACRONYM letters is not taken: two letters are the initials of thousands
 *   of companies. When the list's name is the acronym and the register's the long name, it must have at least
 *   MIN_LISTED_ACRONYM letters: the register holds millions of names of three words, and a list's three-letter
 *   alias is the initials of thousands of them (about 1 in 17,576 three-word names for each such alias), while
 *   a company registered under a designated organisation's acronym is the rarer, sharper case.
 */

export const MIN_ACRONYM = 3;
export const MIN_LISTED_ACRONYM = 4;
const MAX_ACRONYM = 8;
const LETTERS = /^[A-Z]+$/;

const compact = (words: readonly string[]) => foldSpelling(words.join(''));

export const MIN_GLUED_LETTERS = 6;

const gluedFormsOf = new WeakMap<NormalisedName, string[]>();
const acronymsOfName = new WeakMap<NormalisedName, string[]>();

/** A name written without spaces: as compared, as written, and with its legal form at either end. */
export function gluedForms(name: NormalisedName): string[] {
  let forms = gluedFormsOf.get(name);
  if (forms === undefined) {
    forms = computeGluedForms(name);
    gluedFormsOf.set(name, forms);
  }
  return forms;
}

function computeGluedForms(name: NormalisedName): string[] {
  return [
    ...new Set([
      compact(name.tokens),
      compact(name.allWords),
      compact([...name.tokens, ...name.legalForms]),
      compact([...name.legalForms, ...name.tokens]),
    ]),
  ].filter((form) => form.length >= MIN_GLUED_LETTERS);
}

/** Both names written without spaces agree (see gluedForms). */
export function gluedAlike(a: NormalisedName, b: NormalisedName): boolean {
  if (a.tokens.length === b.tokens.length && a.tokens.every((word, i) => word === b.tokens[i])) return false;
  const ofB = gluedForms(b);
  return gluedForms(a).some((form) => ofB.includes(form));
}

function initials(words: readonly string[]): string {
  return words.map((word) => word[0]).join('');
}

/** The acronyms a name of several words may go by. */
function acronymsOf(name: NormalisedName): string[] {
  let acronyms = acronymsOfName.get(name);
  if (acronyms === undefined) {
    acronyms = computeAcronyms(name);
    acronymsOfName.set(name, acronyms);
  }
  return acronyms;
}

function computeAcronyms(name: NormalisedName): string[] {
  const withoutFillers = name.allWords.filter((word) => !ENTITY_FILLER_WORDS.has(word));
  return [...new Set([initials(name.tokens), initials(name.allWords), initials(withoutFillers)])].filter(
    (acronym) => acronym.length >= MIN_ACRONYM && acronym.length <= MAX_ACRONYM,
  );
}

const couldBeAcronym = (name: NormalisedName, minLetters: number) =>
  name.tokens.length === 1 &&
  LETTERS.test(name.tokens[0]!) &&
  name.tokens[0]!.length >= minLetters &&
  name.tokens[0]!.length <= MAX_ACRONYM;

/** Whether one of the two names is a one-word acronym of the other (see above for the letters each side needs). */
export function acronymOf(screened: NormalisedName, listed: NormalisedName): boolean {
  if (couldBeAcronym(screened, MIN_ACRONYM) && listed.tokens.length >= 2)
    return acronymsOf(listed).includes(screened.tokens[0]!);
  if (couldBeAcronym(listed, MIN_LISTED_ACRONYM) && screened.tokens.length >= 2)
    return acronymsOf(screened).includes(listed.tokens[0]!);
  return false;
}

/**
 * The acronym keys of a name for the prefilter: its initials when it has several words, itself when one; each
 * only of a length the other side could be matched with.
 */
export function acronymKeys(name: NormalisedName, side: 'listed' | 'screened'): string[] {
  if (name.tokens.length === 1)
    return couldBeAcronym(name, side === 'listed' ? MIN_LISTED_ACRONYM : MIN_ACRONYM)
      ? [name.tokens[0]!]
      : [];
  const shortest = side === 'listed' ? MIN_ACRONYM : MIN_LISTED_ACRONYM;
  return acronymsOf(name).filter((acronym) => acronym.length >= shortest);
}
